import { useId } from 'react';

/** The Gama mark: a gold matka pot on the brand violet. Drawn inline so it never waits on a network. */
export function LogoMark({ size = 40, className }: { size?: number; className?: string }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 512 512" className={className} aria-hidden="true">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b0f80" />
          <stop offset="1" stopColor="#6d28d9" />
        </linearGradient>
      </defs>
      <rect width="512" height="512" rx="112" fill={`url(#${gradient})`} />
      <rect x="168" y="104" width="176" height="36" rx="18" fill="#ffd34d" />
      <path
        d="M200 140h112c0 25 10 38 28 46 55 24 90 76 90 140 0 84-74 130-174 130S82 410 82 326c0-64 35-116 90-140 18-8 28-21 28-46z"
        fill="#f5b400"
      />
      <path
        d="M303 279a66 66 0 1 0 19 47h-58"
        fill="none"
        stroke="#3b0f80"
        strokeWidth="30"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
