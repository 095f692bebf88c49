import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
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

interface ButtonLinkProps extends LinkProps, LookProps {
  icon?: ReactNode;
}

export function ButtonLink({
  variant,
  block,
  large,
  small,
  icon,
  children,
  className,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link {...rest} className={classes({ variant, block, large, small }, className)}>
      {icon}
      <span>{children}</span>
    </Link>
  );
}

interface ExternalButtonLinkProps extends LookProps {
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
