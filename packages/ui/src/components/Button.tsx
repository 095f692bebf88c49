import type { ButtonHTMLAttributes, ComponentType, ReactNode } from 'react';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'money' | 'outline' | 'ghost' | 'whatsapp' | 'danger';

interface LookProps {
  variant?: ButtonVariant;
  block?: boolean;
  large?: boolean;
  /** The console's dense rows: a shorter button with smaller text. */
  small?: boolean;
}

function classes({ variant = 'primary', block, large, small }: LookProps, extra?: string): string {
  return [
    styles.button,
    styles[variant],
    block && styles.block,
    large && styles.large,
    small && styles.small,
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, LookProps {
  /** While true the button is disabled and reads `busyText` (the spec's busy wording). */
  busy?: boolean;
  busyText?: string;
  icon?: ReactNode;
}

export function Button({
  variant,
  block,
  large,
  small,
  busy = false,
  busyText,
  icon,
  children,
  disabled,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={classes({ variant, block, large, small }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : icon}
      <span>{busy && busyText ? busyText : children}</span>
    </button>
  );
}

interface LinkLikeProps {
  className?: string;
  children?: ReactNode;
}

/**
 * A button-looking link through the app's own router: the player app and the console route differently, so each
 * hands in its `Link` and this package depends on neither.
 */
export function createButtonLink<P extends LinkLikeProps>(Link: ComponentType<P>) {
  return function ButtonLink({
    variant,
    block,
    large,
    small,
    icon,
    children,
    className,
    ...rest
  }: P & LookProps & { icon?: ReactNode }) {
    const linkProps = { ...rest, className: classes({ variant, block, large, small }, className) } as P;
    return (
      <Link {...linkProps}>
        {icon}
        <span>{children}</span>
      </Link>
    );
  };
}

export interface ExternalButtonLinkProps extends LookProps {
  href: string;
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** Chat and call links leave the app, so they open outside it and never leak this page as referrer. */
export function ExternalButtonLink({ href, icon, children, className, ...look }: ExternalButtonLinkProps) {
  const external = href.startsWith('http');
  return (
    <a
      href={href}
      className={classes(look, className)}
      target={external ? '_blank' : undefined}
      rel={external ? 'noopener noreferrer' : undefined}
    >
      {icon}
      <span>{children}</span>
    </a>
  );
}
