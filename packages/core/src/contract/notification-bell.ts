/** The header bell's name, part of `notificationMessages`: its own module, as the frame shows it on every screen. */
export const bell = 'Notifications';
