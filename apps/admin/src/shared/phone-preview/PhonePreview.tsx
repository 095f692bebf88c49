/**
 * The player app at phone width, drawn with its own design tokens, so an operator sees a change as a player
 * will before saving it. These are pictures of the app's screens (nothing in them is a working control); the
 * texts and rules beside each are the player app's own.
 */
import { LogoMark } from '@gama/ui/Logo';
import slider from '@gama/ui/Slider.module.css';
import { ArrowLeft, Megaphone, Menu } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import styles from './PhonePreview.module.css';

export function PhonePreview({
  label,
  title,
  children,
  picker,
}: {
  /** What is previewed, for the caption and screen readers. */
  label: string;
  /** The screen's title row (with the back arrow), as inner screens have. */
  title?: string;
  children: ReactNode;
  /** A choice of screen above the phone. */
  picker?: ReactNode;
}) {
  return (
    <figure className={styles.figure} aria-label={`Player view: ${label}`}>
      <figcaption className={styles.caption}>Player view · {label}</figcaption>
      {picker}
      <div className={styles.phone} aria-hidden="false">
        <div className={styles.header}>
          <Menu size={22} aria-hidden="true" />
          <LogoMark size={28} />
          <span className={styles.brand}>Gama</span>
        </div>
        <div className={styles.screen} inert>
          {title && (
            <div className={styles.titleRow}>
              <ArrowLeft size={22} aria-hidden="true" />
              <span className={styles.title}>{title}</span>
            </div>
          )}
          {children}
        </div>
      </div>
    </figure>
  );
}

export function PreviewCard({ children }: { children: ReactNode }) {
  return <div className={styles.card}>{children}</div>;
}

/** A text as the player app prints it: the operator's line breaks are the paragraphs. */
export function PreviewText({ text, empty }: { text: string; empty: ReactNode }) {
  return text.trim() === '' ? (
    <div className={styles.muted}>{empty}</div>
  ) : (
    <p className={styles.text} data-testid="preview-text">
      {text.trim()}
    </p>
  );
}

/** A headline as the app shows it (it scrolls there; here it wraps so all of it can be read). */
export function PreviewMarquee({ text }: { text: string | null }) {
  if (text === null) return <p className={styles.nothing}>No headline shown here</p>;
  return (
    <div className={styles.marquee} data-testid="preview-headline">
      <span className={styles.marqueeIcon} aria-hidden="true">
        <Megaphone size={14} />
      </span>
      <span>{text}</span>
    </div>
  );
}

/** The first slide, in the app's own slider styles (`@gama/ui`), with a dot for each slide. */
export function PreviewSlider({ slides }: { slides: ReadonlyArray<{ image_url: string; title: string }> }) {
  const first = slides[0];
  if (!first) return <p className={styles.nothing}>No slider: the home screen starts with the markets</p>;
  return (
    <div className={slider.slider}>
      <div className={slider.track}>
        <div className={slider.slide}>
          <img src={first.image_url} alt={first.title} />
        </div>
      </div>
      {slides.length > 1 && (
        <span className={slider.dots} aria-hidden="true">
          {slides.map((slide, index) => (
            <span
              key={`${slide.image_url}-${index}`}
              className={index === 0 ? `${slider.dot} ${slider.active}` : slider.dot}
            />
          ))}
        </span>
      )}
    </div>
  );
}

/** A full-width button of the app, with what it leads to underneath. */
export function PreviewButton({
  tone,
  icon,
  children,
  detail,
}: {
  tone: 'whatsapp' | 'telegram' | 'outline' | 'primary' | 'money';
  icon?: ReactNode;
  children: ReactNode;
  detail?: ReactNode;
}) {
  return (
    <div className={styles.buttonBlock}>
      <span className={[styles.button, styles[tone]].join(' ')}>
        {icon}
        {children}
      </span>
      {detail && <span className={styles.detail}>{detail}</span>}
    </div>
  );
}

/** Grey bars standing for the parts of the screen that do not change here. */
export function PreviewFiller({ rows = 2 }: { rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className={styles.filler} aria-hidden="true" />
      ))}
    </>
  );
}

export const previewStyles = styles;

/**
 * Which screen the preview shows: the one the operator picked, until they start editing a field another screen
 * shows (then that one). Adjusted during render, when the hint changes, rather than in an effect.
 */
export function useFollowedChoice<T extends string>(initial: T, hint: T | null): [T, (value: T) => void] {
  const [seen, setSeen] = useState(hint);
  const [choice, setChoice] = useState<T>(hint ?? initial);
  if (hint !== seen) {
    setSeen(hint);
    if (hint !== null) setChoice(hint);
  }
  return [choice, setChoice];
}
