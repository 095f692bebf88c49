import { REFERRAL_LINK_PARAM } from '@gama/core/endpoints/referrals/index';
import { copyText } from '../../lib/clipboard.ts';

/** The registration screen of this site with the code in its query: what a friend opens. */
export function shareLink(code: string, origin: string = window.location.origin): string {
  const url = new URL('/r', origin);
  url.searchParams.set(REFERRAL_LINK_PARAM, code);
  return url.toString();
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * The phone's share sheet where there is one (Web Share API); else the clipboard. A player closing the sheet
 * is not a failure. Without either (an insecure page, an old browser) the caller shows the link to copy by hand.
 */
export async function shareOrCopy(data: { title: string; text: string; url: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  return (await copyText(data.url)) ? 'copied' : 'failed';
}
