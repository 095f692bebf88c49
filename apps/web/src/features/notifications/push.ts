/**
 * This phone's push subscription: the browser's Push API over the server's endpoints. Permission is asked
 * only from the player's tap on "Turn on alerts" (browsers refuse a prompt without one, and a prompt at first
 * paint is the one players learn to dismiss).
 */
import { endpoints } from '@gama/core/endpoints';
import type { PushPreferences } from '@gama/core/endpoints/push/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../lib/api-client.ts';

/** unsupported: no service worker or Push API here (an iPhone's Safari tab, an old browser). */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The state of this phone, read from the browser (the server knows devices, not which one this is). */
export function usePushState(): [PushState | null, (state: PushState) => void] {
  const [state, setState] = useState<PushState | null>(null);
  useEffect(() => {
    if (!supported()) {
      setState('unsupported');
      return;
    }
    if (Notification.permission === 'denied') {
      setState('denied');
      return;
    }
    let live = true;
    currentSubscription().then(
      (subscription) => live && setState(subscription ? 'on' : 'off'),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, []);
  return [state, setState];
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const preferencesKey = ['push', 'preferences'] as const;

export function usePushPreferences(enabled: boolean) {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => call(endpoints.pushPreferences, {}, { signal }),
    enabled,
  });
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preferences: PushPreferences) => call(endpoints.pushPreferences, { preferences }),
    onSuccess: (answer) => client.setQueryData(preferencesKey, answer),
  });
}

/** Asks for permission (from the tap), subscribes with the server's key and stores the device. */
export function useTurnOn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<PushState> => {
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return 'denied';
      if (permission !== 'granted') return 'off';
      const registration = await navigator.serviceWorker.ready;
      const { public_key } = await call(endpoints.pushKey, {});
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(public_key),
      });
      const { endpoint, keys } = subscription.toJSON();
      const answer = await call(endpoints.pushSubscribe, {
        endpoint: endpoint ?? '',
        keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
      });
      client.setQueryData(preferencesKey, answer);
      return 'on';
    },
  });
}

/** Forgets this phone on the server first, then in the browser: a failed call leaves it subscribed, not orphaned. */
export function useTurnOff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<PushState> => {
      const subscription = await currentSubscription();
      if (subscription) {
        const answer = await call(endpoints.pushUnsubscribe, { endpoint: subscription.endpoint });
        client.setQueryData(preferencesKey, answer);
        await subscription.unsubscribe();
      }
      return 'off';
    },
  });
}
