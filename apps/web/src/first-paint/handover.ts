/**
 * The app's side of build/first-paint.ts: the screen drawn before the scripts stays over `#root` until the app
 * has committed its own screen (nothing left suspended on a skeleton), then goes in the same task, before the
 * browser paints again, so the player never sees a frame of neither.
 */
export function handOverFirstPaint(root: HTMLElement): void {
  const overlay = document.getElementById('first-paint');
  if (!overlay) return;
  const drawn = () => root.childElementCount > 0 && !root.querySelector('[data-page-skeleton]');
  const observer = new MutationObserver(() => {
    if (!drawn()) return;
    observer.disconnect();
    overlay.remove();
  });
  observer.observe(root, { childList: true, subtree: true });
}
