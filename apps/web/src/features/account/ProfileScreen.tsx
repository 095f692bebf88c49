import { profileNameRule } from '@gama/core/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { Pencil, Phone, Save, UserRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useNavigate } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { TextField } from '@gama/ui/Field';
import { Card, Form, Page } from '../../components/Page.tsx';
import { Skeleton } from '@gama/ui/Skeleton';
import { useFormFields } from '@gama/ui/use-form-fields';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { errorMessage } from '../../lib/api-client.ts';
import { profileResource, useProfile } from '../../lib/profile.ts';
import { getStoredProfile, storeProfile } from '../../lib/session.ts';
import { accountApi } from './api.ts';
import styles from './Account.module.css';

export default function ProfileScreen() {
  const profile = useProfile();
  const t = useT();
  return (
    <Page title={t('Profile')}>
      <Card>
        {profile.data ? (
          <div className={styles.identity}>
            <span className={styles.avatar} aria-hidden="true">
              {profile.data.user_name.trim().charAt(0) || '?'}
            </span>
            <div className={styles.details}>
              <p className={styles.name} data-testid="profile-name">
                {profile.data.user_name}
              </p>
              <p className={styles.mobile}>
                <Phone size={16} aria-hidden="true" />
                <span data-testid="profile-mobile">+91 {profile.data.mobile}</span>
              </p>
            </div>
          </div>
        ) : (
          <div className={styles.identity} role="status" aria-label={t('Loading profile')}>
            <Skeleton width={64} height={64} radius="50%" />
            <div className={[styles.details, styles.grow].join(' ')}>
              <Skeleton height={20} width="70%" />
              <Skeleton height={16} width="50%" />
            </div>
          </div>
        )}
      </Card>
      {profile.data && <EditProfileCard key={profile.data.user_name} currentName={profile.data.user_name} />}
    </Page>
  );
}

function EditProfileCard({ currentName }: { currentName: string }) {
  const { values, field, validate } = useFormFields({ name: currentName });
  const navigate = useNavigate();
  const t = useT();

  const update = useMutation({
    mutationFn: accountApi.updateProfile,
    onSuccess: (response) => {
      profileResource.set((old) => (old ? { ...old, user_name: response.user_name } : old));
      const stored = getStoredProfile();
      if (stored) storeProfile({ ...stored, user_name: response.user_name });
      toast.success(response.msg);
      profileResource.invalidate();
      void navigate('/imp', { replace: true });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const send = useSingleFlight((value: string) => update.mutateAsync(value).catch(() => undefined));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { name } = values;
    if (validate(event.currentTarget, [['name', profileNameRule, name]])) void send(name.trim());
  };

  return (
    <Card>
      <h2 className={styles.sectionTitle}>
        <Pencil size={20} aria-hidden="true" />
        {t('Edit Profile')}
      </h2>
      <Form onSubmit={submit} aria-label={t('Edit profile')}>
        <TextField label={t('Name')} autoComplete="name" icon={<UserRound size={20} />} {...field('name')} />
        <SubmitButton icon={Save} busy={update.isPending} busyText={t('Submitting...')}>
          {t('Save')}
        </SubmitButton>
      </Form>
    </Card>
  );
}
