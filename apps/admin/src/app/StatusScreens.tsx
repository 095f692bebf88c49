import { ButtonLink } from '../components/ButtonLink.tsx';
import { House } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AuthFrame } from '../components/AuthFrame.tsx';
import { PageHeader } from '../components/PageHeader.tsx';

/** An unknown console path, inside the desk. */
export function NotFoundScreen() {
  return (
    <>
      <PageHeader title="Page not found" description="This console page does not exist." />
      <div>
        <ButtonLink to="/" replace icon={<House size={18} aria-hidden="true" />}>
          Back to the desk
        </ButtonLink>
      </div>
    </>
  );
}

/** A screen that crashed or whose code could not load (a new release replaced the old files). */
export function RouteErrorScreen() {
  const error = useRouteError();
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong on this screen. Reload the page to try again.';
  return (
    <AuthFrame title="Something went wrong" subtitle={text}>
      <ButtonLink to="/" reloadDocument icon={<House size={18} aria-hidden="true" />}>
        Reload the console
      </ButtonLink>
    </AuthFrame>
  );
}
