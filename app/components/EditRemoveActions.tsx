import { Form, Link } from '@remix-run/react';
import { useT } from '~/components/page-essentials';

/**
 * The Edit link and Remove button of one saved item in an account list (addresses, pets). The item's name is
 * read out after each so a screen reader's list of buttons says which one it is.
 */
export function EditRemoveActions({
  editHref,
  idField,
  id,
  name,
  busy,
}: {
  editHref: string;
  idField: string;
  id: string | number;
  name: string;
  busy: boolean;
}) {
  const t = useT();
  return (
    <>
      <Link to={editHref} className="btn-outline text-xs">
        {t('Edit')}
        <span className="sr-only"> {name}</span>
      </Link>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name={idField} value={id} />
        <button
          type="submit"
          className="btn border border-red-300 text-xs text-red-800 hover:bg-red-50"
          disabled={busy}
        >
          {t('Remove')}
          <span className="sr-only"> {name}</span>
        </button>
      </Form>
    </>
  );
}
