import { Form } from '@remix-run/react';
import { browserStorage, useT } from '~/components/page-essentials';
import { clearOnSignOut } from '~/modules/browser/sign-out-storage';

/** Sign-out is a POST; with JavaScript it also clears the browser storage the spec lists. */
export function SignOutButton({ className = 'btn-outline' }: { className?: string }) {
  const t = useT();
  return (
    <Form
      method="post"
      action="/account/sign-out"
      reloadDocument
      onSubmit={() => {
        const storage = browserStorage();
        if (storage) clearOnSignOut(storage);
      }}
    >
      <button type="submit" className={className}>
        {t('Sign out')}
      </button>
    </Form>
  );
}
