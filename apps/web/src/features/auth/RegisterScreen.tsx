import { playMessages } from '@gama/core/contract/play-messages';
import type { Rule } from '@gama/core/contract/validation';
import { newPasswordRule, phoneRule, usernameRule } from '@gama/core/contract/validation';
import { dobProblem } from '@gama/core/rules/responsible-play';
import { zonedParts } from '@gama/core/rules/time';
import { REFERRAL_LINK_PARAM } from '@gama/core/endpoints/referrals/index';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Gift, UserPlus, UserRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useNavigate, useSearchParams } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { TextField } from '@gama/ui/Field';
import { Form } from '../../components/Page.tsx';
import { useFormFields } from '@gama/ui/use-form-fields';
import { DateField } from '@gama/ui/DateInput';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { errorMessage } from '../../lib/api-client.ts';
import { AuthScreen } from '../../shared/auth-screen/AuthScreen.tsx';
import { CredentialFields } from '../../shared/auth-screen/CredentialFields.tsx';
import { authApi, type RegistrationDraft } from './api.ts';
import { AuthFooter } from './AuthFooter.tsx';
import type { RegisterOtpState } from './navigation-state.ts';
import { marketTimeZone, serverNow } from '../../lib/server-clock.ts';

/** Instant feedback only: the server decides on its own clock's today in the market time zone. */
const dobRule: Rule = (dob) => {
  const problem = dobProblem(dob, zonedParts(serverNow(), marketTimeZone()).date);
  if (problem === null) return null;
  return problem === 'invalid' ? playMessages.dobInvalid : playMessages.ageRefused;
};

export default function RegisterScreen() {
  const [search] = useSearchParams();
  const linked = (search.get(REFERRAL_LINK_PARAM) ?? '').trim().slice(0, 40);
  const { values, field, validate } = useFormFields({
    name: '',
    mobile: '',
    password: '',
    dob: '',
    referral: linked,
  });
  const navigate = useNavigate();
  const t = useT();
  // The field is there only while the owner has referrals on; while off the server would not read a code.
  const program = useQuery({ queryKey: ['referral-program'], queryFn: authApi.referralProgram });
  const referralsOn = program.data?.on === true;

  const checkMobile = useMutation({
    mutationFn: (draft: RegistrationDraft) => authApi.checkMobile(draft.mobile, draft.referral_code),
    onSuccess: (response, draft) => {
      toast.success(response.msg);
      const state: RegisterOtpState = { draft };
      void navigate('/otpregister', { state });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight((draft: RegistrationDraft) =>
    checkMobile.mutateAsync(draft).catch(() => undefined),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { name, mobile, password, dob, referral } = values;
    const code = referralsOn ? referral.trim() : '';
    const valid = validate(event.currentTarget, [
      ['name', usernameRule, name],
      ['mobile', phoneRule(), mobile],
      ['password', newPasswordRule(), password],
      ['dob', dobRule, dob],
    ]);
    if (valid)
      void send({
        name: name.trim(),
        mobile,
        password,
        dob,
        ...(code === '' ? {} : { referral_code: code }),
      });
  };

  return (
    <AuthScreen
      title={t('Create account')}
      subtitle={t(
        'Register with your phone number. We will send you a 4-digit code. You must be 18 or older.',
      )}
      footer={<AuthFooter question={t('Already registered?')} to="/login" link={t('For Login')} />}
    >
      <Form onSubmit={submit} aria-label={t('Register')}>
        <TextField
          label={t('Username')}
          placeholder={t('Your name')}
          autoComplete="name"
          icon={<UserRound size={20} />}
          {...field('name')}
        />
        <CredentialFields mobile={field('mobile')} password={field('password')} newPassword />
        <DateField label={t('Date of birth')} autoComplete="bday" {...field('dob')} />
        {referralsOn && (
          <>
            {linked !== '' && <p>{t('You were invited by a friend.')}</p>}
            <TextField
              label={t('Referral code (optional)')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              icon={<Gift size={20} />}
              {...field('referral')}
            />
          </>
        )}
        <SubmitButton icon={UserPlus} busy={checkMobile.isPending} busyText={t('Please wait...')}>
          {t('REGISTER')}
        </SubmitButton>
      </Form>
    </AuthScreen>
  );
}
