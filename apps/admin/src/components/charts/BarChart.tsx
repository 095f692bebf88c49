import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import styles from './BarChart.module.css';

export type SeriesTone = 'brand' | 'in' | 'out' | 'muted';

export interface ChartSeries {
  name: string;
  tone: SeriesTone;
}

export interface ChartPoint {
  key: string;
  /** Under the bar (every label is kept for the data table; the axis may skip some when they crowd). */
  label: string;
  /** The point's full name in tooltips and the table ("1 pm–2 pm" for the label "1p"). */
  name?: string;
  /** One value per series, in the series' order (may be negative: bars then hang below zero). */
  values: readonly number[];
}

interface BarChartProps {
  /** What the chart shows, for its heading and for screen readers. */
  title: string;
  series: readonly ChartSeries[];
  points: readonly ChartPoint[];
  /** A value as the axis and the tooltips show it. */
  format: (value: number) => string;
  /** A shorter form for the axis ticks (1.2L); defaults to `format`. */
  formatTick?: (value: number) => string;
  /** The point to mark (the current hour). */
  highlight?: string;
  height?: number;
  /** Colour a single series' bars by sign: green above zero, red below (a result, not a flow). */
  signTones?: boolean;
}

const PADDING = { top: 12, right: 8, bottom: 24, left: 52 };

/**
 * A hand-made SVG bar chart (no chart library in the bundle): grouped bars per point, a zero line, a few round
 * ticks, a tooltip per bar, and the same figures as a table for screen readers. It is drawn at the width its
 * box has, so text is never stretched.
 */
export function BarChart({
  title,
  series,
  points,
  format,
  formatTick = format,
  highlight,
  height = 200,
  signTones = false,
}: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const titleId = useId();

  const all = points.flatMap((point) => point.values);
  const ticks = niceTicks(Math.min(0, ...all), Math.max(0, ...all), 4);
  const low = ticks[0] ?? 0;
  const high = ticks[ticks.length - 1] ?? 1;
  const plotWidth = Math.max(0, width - PADDING.left - PADDING.right);
  const plotHeight = height - PADDING.top - PADDING.bottom;
  const y = (value: number) => PADDING.top + ((high - value) / (high - low || 1)) * plotHeight;
  const slot = points.length > 0 ? plotWidth / points.length : 0;
  const groupWidth = slot * 0.72;
  const barWidth = series.length > 0 ? groupWidth / series.length : 0;
  // About 7 px a character at 11 px, and a gap: show every n-th label when they would overlap.
  const labelWidth = Math.max(...points.map((point) => point.label.length), 1) * 7 + 10;
  const labelEvery = Math.max(1, Math.ceil(labelWidth / Math.max(slot, 1)));

  return (
    <figure className={styles.figure} aria-labelledby={titleId}>
      <figcaption id={titleId} className="visually-hidden">
        {title}
      </figcaption>
      {series.length > 1 && (
        <ul className={styles.legend} aria-hidden="true">
          {series.map((s) => (
            <li key={s.name}>
              <span className={[styles.swatch, styles[s.tone]].join(' ')} />
              {s.name}
            </li>
          ))}
        </ul>
      )}
      <div ref={box} className={styles.box} style={{ height }}>
        {width > 0 && (
          <svg width={width} height={height} role="presentation" aria-hidden="true">
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={PADDING.left}
                  x2={width - PADDING.right}
                  y1={y(tick)}
                  y2={y(tick)}
                  className={tick === 0 ? styles.zero : styles.grid}
                />
                <text x={PADDING.left - 6} y={y(tick)} className={styles.tick} textAnchor="end" dy="0.32em">
                  {formatTick(tick)}
                </text>
              </g>
            ))}
            {points.map((point, index) => {
              const x0 = PADDING.left + index * slot + (slot - groupWidth) / 2;
              const marked = point.key === highlight;
              return (
                <g key={point.key} className={styles.point}>
                  {marked && (
                    <rect
                      x={PADDING.left + index * slot}
                      y={PADDING.top}
                      width={slot}
                      height={plotHeight}
                      className={styles.mark}
                    />
                  )}
                  {series.map((s, at) => {
                    const value = point.values[at] ?? 0;
                    const top = y(Math.max(0, value));
                    const barHeight = Math.abs(y(value) - y(0));
                    const tone = signTones ? (value < 0 ? 'out' : 'in') : s.tone;
                    return (
                      <rect
                        key={s.name}
                        x={x0 + at * barWidth}
                        y={top}
                        width={Math.max(1, barWidth - (series.length > 1 ? 1 : 0))}
                        height={Math.max(value === 0 ? 0 : 1, barHeight)}
                        rx={Math.min(3, barWidth / 4)}
                        className={[styles.bar, styles[tone]].join(' ')}
                      >
                        <title>{`${point.name ?? point.label} · ${s.name}: ${format(value)}`}</title>
                      </rect>
                    );
                  })}
                  {index % labelEvery === 0 && (
                    <text
                      x={PADDING.left + index * slot + slot / 2}
                      y={height - 6}
                      textAnchor="middle"
                      className={[styles.tick, marked && styles.markedTick].filter(Boolean).join(' ')}
                    >
                      {point.label}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        )}
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Point</th>
            {series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.key}>
              <th scope="row">{point.name ?? point.label}</th>
              {series.map((s, at) => (
                <td key={s.name}>{format(point.values[at] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The box's width, followed as the window or the layout changes. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** About `count` round steps (1, 2 or 5 times a power of ten) covering low..high, zero included. */
export function niceTicks(low: number, high: number, count: number): number[] {
  if (low === high) return high === 0 ? [0, 1] : [Math.min(0, low), Math.max(0, high)];
  const rough = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  // Whole steps only: the values are paise or counts.
  const step = Math.max(1, ([1, 2, 5, 10].find((m) => m * power >= rough) ?? 10) * power);
  const ticks: number[] = [];
  for (let tick = Math.floor(low / step) * step; tick <= high + step / 2; tick += step) {
    ticks.push(Math.round(tick));
    if (tick >= high) break;
  }
  return ticks;
}
