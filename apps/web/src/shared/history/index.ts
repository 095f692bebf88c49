export { betAccent } from './bet-accent.ts';
export { HistoryScreen, type HistoryScreenProps } from './HistoryScreen.tsx';
