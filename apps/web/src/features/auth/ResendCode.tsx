import type { OtpPurpose } from '@gama/core/contract/accounts';
import { accountMessages as m } from '@gama/core/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { Clock, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/Button.tsx';
import { useSingleFlight } from '../../components/use-single-flight.ts';
import { ApiError } from '../../lib/api-client.ts';
import { authApi } from './api.ts';
import { authStyles } from './AuthScreen.tsx';
import { useCountdown } from './use-countdown.ts';

export const RESEND_SECONDS = 30;

function clock(seconds: number): string {
  return `0:${String(seconds).padStart(2, '0')}`;
}

/** The 30-second wait, then Resend Code, which starts the wait again (spec 01 section 4). */
export function ResendCode({ mobile, purpose }: { mobile: string; purpose: OtpPurpose }) {
  const { remaining, restart } = useCountdown(RESEND_SECONDS);
  const resend = useMutation({
    mutationFn: () => authApi.resendOtp(mobile, purpose),
    onSuccess: (response) => {
      toast.success(response.msg);
      restart();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : m.failedToResend),
  });
  const send = useSingleFlight(() => resend.mutateAsync().catch(() => undefined));

  if (remaining > 0) {
    return (
      <p className={authStyles.countdown}>
        <Clock size={16} aria-hidden="true" />
        <span>
          Resend Code in <strong>{clock(remaining)}</strong>
        </span>
      </p>
    );
  }
  return (
    <Button
      variant="ghost"
      block
      busy={resend.isPending}
      busyText="Sending..."
      icon={<RefreshCw size={18} aria-hidden="true" />}
      onClick={() => void send()}
    >
      Resend Code
    </Button>
  );
}
