import { useEffect, useRef, type ReactNode } from 'react';
import { useHydrated } from '~/components/page-essentials';

/**
 * A dialog that works without JavaScript: the server renders it open (non-modal, over a backdrop);
 * once the page is hydrated it becomes a real modal dialog (focus kept inside, Escape closes).
 */
export function Modal({
  labelledBy,
  onClose,
  children,
  testId,
}: {
  labelledBy: string;
  onClose?: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Drop the server-rendered `open` without close(), whose close event would dismiss the modal.
    dialog.removeAttribute('open');
    dialog.showModal();
    const handleClose = () => onCloseRef.current?.();
    dialog.addEventListener('close', handleClose);
    return () => {
      dialog.removeEventListener('close', handleClose);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <>
      {hydrated ? null : <div aria-hidden="true" className="fixed inset-0 z-40 bg-stone-900/50" />}
      <dialog
        ref={ref}
        open
        aria-labelledby={labelledBy}
        data-testid={testId}
        className="fixed inset-0 z-50 m-auto h-fit max-h-[90vh] w-[min(28rem,calc(100%-2rem))] overflow-y-auto rounded-2xl border border-stone-200 bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
      >
        {children}
      </dialog>
    </>
  );
}
