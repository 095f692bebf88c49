import { fundsMessages as m } from '@gama/core/contract/funds-messages';
import { upiTypeNames } from '@gama/core/contract/funds-types';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { CodeForm } from '../../shared/auth-screen/CodeForm.tsx';
import { InvalidNavigation } from '../../shared/auth-screen/InvalidNavigation.tsx';
import { fundsApi, useRefreshMoney } from './api.ts';
import { readOtpWithdrawState, type OtpWithdrawState } from './navigation-state.ts';
import { useT } from '../../lib/i18n/use-t.ts';

const TITLE = 'Verify UPI number';

export default function OtpWithdrawScreen() {
  const location = useLocation();
  const t = useT();
  const state = readOtpWithdrawState(location.state);
  if (state === null) return <InvalidNavigation title={t(TITLE)} startOver="/imp7" />;
  return <OtpWithdrawForm state={state} />;
}

function OtpWithdrawForm({ state }: { state: OtpWithdrawState }) {
  const navigate = useNavigate();
  const refresh = useRefreshMoney();
  const t = useT();

  const save = useMutation({
    mutationFn: (code: string) => fundsApi.addUpiDetails(state.option, state.number, code),
    onSuccess: () => {
      refresh();
      void navigate('/imp7', { replace: true, state: { showToast: true } });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <CodeForm
      title={t(TITLE)}
      subtitle={t('Confirm your {method} number +91 {number}.', {
        method: upiTypeNames[state.option],
        number: state.number,
      })}
      formLabel={t('Verify withdraw number code')}
      sentTo="Enter the 4-digit code sent by SMS to {phone}"
      phoneNumber={state.phoneNumber}
      invalidCode={m.enterValidOtp}
      submitText={t('Verify & Save')}
      verify={save}
      resend={() => fundsApi.resendWithdrawOtp(state.phoneNumber)}
      resendBusyText={t('Please wait...')}
    />
  );
}
