import { useEffect, useRef, useState } from 'react';
import { Skeleton } from '@gama/ui/Skeleton';
import styles from '@gama/ui/Slider.module.css';
import { useSlides } from './api.ts';
import { prefersReducedMotion } from '../../lib/motion.ts';
import { useT } from '../../lib/i18n/use-t.ts';

const ADVANCE_MS = 4000;

export function Slider() {
  const slides = useSlides();
  if (slides.isPending) return <Skeleton className={styles.placeholder} height="auto" radius={18} />;
  if (!slides.data || slides.data.length === 0) return null;
  return <SlideTrack slides={slides.data} />;
}

function SlideTrack({
  slides,
}: {
  slides: Array<{ slider_image: string; title: string; title_hi: string }>;
}) {
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  // A finger on the slider (or keyboard focus in it) means the player is looking: hold still.
  const [held, setHeld] = useState(false);
  const t = useT();

  useEffect(() => {
    if (held || slides.length < 2 || prefersReducedMotion()) return;
    const timer = window.setInterval(() => {
      const element = track.current;
      if (!element || document.hidden) return;
      const width = element.clientWidth;
      const next = (Math.round(element.scrollLeft / width) + 1) % slides.length;
      element.scrollTo({ left: next * width, behavior: next === 0 ? 'instant' : 'smooth' });
    }, ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [held, slides.length]);

  return (
    <section className={styles.slider} aria-roledescription="carousel" aria-label={t('Highlights')}>
      <div
        ref={track}
        className={styles.track}
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          setActive(Math.round(element.scrollLeft / Math.max(1, element.clientWidth)));
        }}
        onPointerDown={() => setHeld(true)}
        onPointerUp={() => setHeld(false)}
        onPointerCancel={() => setHeld(false)}
        onFocus={() => setHeld(true)}
        onBlur={() => setHeld(false)}
      >
        {slides.map((slide, index) => (
          <div
            key={`${slide.slider_image}-${index}`}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={t('Slide {index} of {count}', { index: index + 1, count: slides.length })}
          >
            <img
              src={slide.slider_image}
              alt={(t.language === 'hi' && slide.title_hi.trim()) || slide.title}
              width={480}
              height={216}
              loading={index === 0 ? 'eager' : 'lazy'}
              decoding="async"
              draggable={false}
            />
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        <div className={styles.dots} aria-hidden="true">
          {slides.map((slide, index) => (
            <span
              key={`${slide.slider_image}-${index}`}
              className={[styles.dot, index === active && styles.active].filter(Boolean).join(' ')}
            />
          ))}
        </div>
      )}
    </section>
  );
}
