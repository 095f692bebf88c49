/** design.md: shakes, slides and vibration give way to the player's reduced-motion setting. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
