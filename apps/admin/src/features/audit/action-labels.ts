/** Audit action names ("deposit_approve") read as words ("Deposit approve"); unknown ones are shown as they are. */
export function actionLabel(action: string): string {
  const words = action.replace(/[._]+/g, ' ').trim();
  return words === '' ? action : words.charAt(0).toUpperCase() + words.slice(1);
}
