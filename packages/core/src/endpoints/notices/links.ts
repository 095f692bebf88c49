/**
 * The screens of the player app a notice may open. A notice's link is one of these paths exactly, never an
 * address: a notice sent to every player is the one message an insider could use to send them all to a page
 * of their own, so anything that is not a screen of the app is refused. The player app's route table is
 * checked against this list by its own test (apps/web/src/app/notice-links.test.ts).
 */
export const NOTICE_LINKS = [
  { path: '/imp', label: 'Home' },
  { path: '/imp9', label: 'Add Funds' },
  { path: '/imp7', label: 'Funds' },
  { path: '/withdraw', label: 'Withdraw' },
  { path: '/transfer', label: 'Transfer points' },
  { path: '/star', label: 'Starline' },
  { path: '/gali', label: 'Gali Disawar' },
  { path: '/gameRates', label: 'Game Rates' },
  { path: '/charts', label: 'Charts' },
  { path: '/imp4', label: 'Bid History' },
  { path: '/imp3', label: 'Win History' },
  { path: '/refer', label: 'Refer friends' },
  { path: '/support', label: 'Support' },
  { path: '/notifications', label: 'Notifications' },
  { path: '/play-limits', label: 'Play limits' },
  { path: '/htp', label: 'How To Play' },
] as const;

export type NoticeLink = (typeof NOTICE_LINKS)[number]['path'];

const paths: ReadonlySet<string> = new Set(NOTICE_LINKS.map((l) => l.path));

export function isNoticeLink(link: string): link is NoticeLink {
  return paths.has(link);
}
