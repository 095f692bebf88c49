import type { OkResponse } from '@gama/core/endpoints/auth/index';
import { accountMessages as m } from '@gama/core/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { Clock, RefreshCw } from 'lucide-react';
import { toast } from '../../lib/toast.ts';
import { translateNodes } from '../../lib/i18n/fill-nodes.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import { Button } from '@gama/ui/Button';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { ApiError } from '../../lib/api-client.ts';
import { authStyles } from './AuthScreen.tsx';
import { useCountdown } from './use-countdown.ts';

export const RESEND_SECONDS = 30;

function clock(seconds: number): string {
  return `0:${String(seconds).padStart(2, '0')}`;
}

interface ResendCodeProps {
  /** Asks the server for a new code; its `msg` is the success toast. */
  resend: () => Promise<OkResponse>;
  /** Sign-in screens read "Sending...", the withdraw-number screen "Please wait..." while the request runs. */
  busyText: string;
}

/** The 30-second wait, then Resend Code, which starts the wait again (spec 01 section 4). */
export function ResendCode({ resend, busyText }: ResendCodeProps) {
  const { remaining, restart } = useCountdown(RESEND_SECONDS);
  const t = useT();
  const request = useMutation({
    mutationFn: resend,
    onSuccess: (response) => {
      toast.success(response.msg);
      restart();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : m.failedToResend),
  });
  const send = useSingleFlight(() => request.mutateAsync().catch(() => undefined));

  if (remaining > 0) {
    return (
      <p className={authStyles.countdown}>
        <Clock size={16} aria-hidden="true" />
        <span>
          {translateNodes(t, 'Resend Code in {time}', { time: <strong>{clock(remaining)}</strong> })}
        </span>
      </p>
    );
  }
  return (
    <Button
      variant="ghost"
      block
      busy={request.isPending}
      busyText={busyText}
      icon={<RefreshCw size={18} aria-hidden="true" />}
      onClick={() => void send()}
    >
      {t('Resend Code')}
    </Button>
  );
}
