import { useLayoutEffect, useRef, useState } from 'react';
import { useT } from '~/components/page-essentials';
import { GREETING_WIDE_PX, GREETING_WIDE_VIEWPORT } from '~/modules/customers/greeting';

/** "Hi, {name}" (already truncated by the server); on wide screens a wide greeting stacks. */
export function Greeting({ name }: { name: string }) {
  const t = useT();
  const ref = useRef<HTMLSpanElement>(null);
  const [wide, setWide] = useState(false);
  useLayoutEffect(() => {
    const check = () => {
      const width = ref.current?.getBoundingClientRect().width ?? 0;
      setWide(window.innerWidth > GREETING_WIDE_VIEWPORT && width > GREETING_WIDE_PX);
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, [name]);
  return (
    <span
      ref={ref}
      data-testid="greeting"
      data-layout={wide ? 'wide' : 'inline'}
      className={wide ? 'flex flex-col text-xs leading-tight' : 'font-semibold'}
    >
      {wide ? (
        <>
          <span>{t('Hi,')}</span> <span className="font-semibold">{name}</span>
        </>
      ) : (
        t('Hi, {{name}}', { name })
      )}
    </span>
  );
}
