import { beforeEach, describe, expect, it, vi } from 'vitest';

// Sonner's module, counted: the first screen must not fetch it, the first toast must.
const sonnerLoads = vi.fn();
const shown: string[] = [];
vi.mock('sonner', () => {
  sonnerLoads();
  return {
    toast: {
      success: (text: string) => shown.push(`success: ${text}`),
      error: (text: string) => shown.push(`error: ${text}`),
      message: (text: string) => shown.push(`message: ${text}`),
      dismiss: () => undefined,
    },
  };
});
vi.mock('./i18n/i18n.ts', () => ({ translateText: (text: string) => text }));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('toast', () => {
  beforeEach(() => {
    vi.resetModules();
    sonnerLoads.mockClear();
    shown.length = 0;
  });

  it('fetches sonner at the first toast, not before, and shows it once the toaster is up', async () => {
    const { onToasterWanted, toast, toasterMounted } = await import('./toast.ts');
    const wanted = vi.fn();
    onToasterWanted(wanted);
    await settle();
    expect(sonnerLoads).not.toHaveBeenCalled();
    expect(wanted).not.toHaveBeenCalled();

    toast.error('Wrong password');
    expect(wanted).toHaveBeenCalledOnce();
    await settle();
    expect(sonnerLoads).toHaveBeenCalledOnce();
    // Sonner's toaster shows only toasts published after it mounted: the toast waits for it.
    expect(shown).toEqual([]);

    toasterMounted();
    await settle();
    expect(shown).toEqual(['error: Wrong password']);
  });

  it('loses no toast asked for before the app shell listens, and keeps their order', async () => {
    const { onToasterWanted, toast, toasterMounted } = await import('./toast.ts');
    toast.error('Your session has expired');
    toast.success('Saved');
    const wanted = vi.fn();
    onToasterWanted(wanted);
    expect(wanted).toHaveBeenCalledOnce();
    toasterMounted();
    await settle();
    expect(shown).toEqual(['error: Your session has expired', 'success: Saved']);
  });
});
