import { Button } from '@gama/ui/Button';
import { PageSkeleton } from '@gama/ui/Skeleton';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AuthFrame } from '../../components/AuthFrame.tsx';
import { meKey, useMe, type MeAnswer } from '../../lib/session.ts';
import { TotpEnrolment } from '../../shared/two-factor/TotpEnrolment.tsx';
import { useSignOut } from '../../lib/use-sign-out.ts';

/** Two-factor is required (owner setting) and this operator has not enrolled: nothing else opens until they do. */
export default function EnrolScreen() {
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut();

  if (me.isPending) return <PageSkeleton />;
  if (me.isError) return <Navigate to="/sign-in" replace />;
  if (!me.data.totp_enrolment_required) return <Navigate to="/" replace />;

  return (
    <AuthFrame
      title="Set up two-factor"
      subtitle={`Signed in as ${me.data.operator.username}. An owner requires two-factor for every operator.`}
    >
      <TotpEnrolment
        onEnrolled={(operator) => {
          queryClient.setQueryData<MeAnswer>(meKey, (current) =>
            current ? { ...current, operator, totp_enrolment_required: false } : current,
          );
          toast.success('Two-factor is on. You will need a code at every sign-in.');
          void navigate('/', { replace: true });
        }}
      />
      <Button variant="ghost" icon={<LogOut size={18} aria-hidden="true" />} onClick={() => void signOut()}>
        Sign out
      </Button>
    </AuthFrame>
  );
}
