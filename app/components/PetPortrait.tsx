import type { ReactNode } from 'react';
import { PET_PORTRAITS, type PetPortraitKey } from '~/modules/customers/pet-rules';

const INK = '#1f2937';

/** Flat drawn portraits, one per key: the pet "photo" is a choice among these (decision 0015). */
const PORTRAITS: Record<PetPortraitKey, { background: string; art: ReactNode }> = {
  'pet-dog': {
    background: '#fde68a',
    art: (
      <>
        <ellipse cx="30" cy="40" rx="10" ry="18" fill="#92400e" transform="rotate(20 30 40)" />
        <ellipse cx="70" cy="40" rx="10" ry="18" fill="#92400e" transform="rotate(-20 70 40)" />
        <circle cx="50" cy="52" r="24" fill="#d97706" />
        <ellipse cx="50" cy="64" rx="13" ry="10" fill="#fef3c7" />
        <circle cx="41" cy="48" r="3.5" fill={INK} />
        <circle cx="59" cy="48" r="3.5" fill={INK} />
        <ellipse cx="50" cy="60" rx="5" ry="3.5" fill={INK} />
        <path d="M46 67 Q50 71 54 67" stroke={INK} strokeWidth="2" fill="none" strokeLinecap="round" />
      </>
    ),
  },
  'pet-cat': {
    background: '#c7d2fe',
    art: (
      <>
        <path d="M28 40 L32 18 L46 32 Z" fill="#6b7280" />
        <path d="M72 40 L68 18 L54 32 Z" fill="#6b7280" />
        <circle cx="50" cy="52" r="24" fill="#9ca3af" />
        <ellipse cx="41" cy="49" rx="3.5" ry="4.5" fill="#65a30d" />
        <ellipse cx="59" cy="49" rx="3.5" ry="4.5" fill="#65a30d" />
        <path d="M47 58 L53 58 L50 61 Z" fill="#f472b6" />
        <path d="M30 60 L42 61 M30 66 L42 63 M70 60 L58 61 M70 66 L58 63" stroke={INK} strokeWidth="1.5" />
      </>
    ),
  },
  'pet-bird': {
    background: '#bae6fd',
    art: (
      <>
        <ellipse cx="50" cy="55" rx="22" ry="24" fill="#16a34a" />
        <ellipse cx="50" cy="64" rx="13" ry="13" fill="#bbf7d0" />
        <path d="M28 56 Q20 66 32 72 Z" fill="#15803d" />
        <circle cx="43" cy="45" r="3.5" fill={INK} />
        <path d="M52 47 L64 51 L52 55 Z" fill="#f59e0b" />
        <path d="M46 30 Q50 20 54 30" stroke="#15803d" strokeWidth="4" fill="none" strokeLinecap="round" />
      </>
    ),
  },
  'pet-fish': {
    background: '#a5f3fc',
    art: (
      <>
        <path d="M70 50 L88 36 L88 64 Z" fill="#ea580c" />
        <ellipse cx="46" cy="50" rx="28" ry="18" fill="#f97316" />
        <path d="M40 34 Q48 24 58 34" fill="#ea580c" />
        <circle cx="32" cy="46" r="4" fill="#fff" />
        <circle cx="32" cy="46" r="2" fill={INK} />
        <path d="M46 40 Q52 50 46 60 M56 40 Q62 50 56 60" stroke="#fed7aa" strokeWidth="2.5" fill="none" />
      </>
    ),
  },
  'pet-rabbit': {
    background: '#fbcfe8',
    art: (
      <>
        <ellipse cx="40" cy="26" rx="7" ry="18" fill="#e5e7eb" />
        <ellipse cx="60" cy="26" rx="7" ry="18" fill="#e5e7eb" />
        <ellipse cx="40" cy="26" rx="3" ry="12" fill="#f9a8d4" />
        <ellipse cx="60" cy="26" rx="3" ry="12" fill="#f9a8d4" />
        <circle cx="50" cy="58" r="22" fill="#f3f4f6" />
        <circle cx="42" cy="54" r="3" fill={INK} />
        <circle cx="58" cy="54" r="3" fill={INK} />
        <path d="M47 62 L53 62 L50 65 Z" fill="#f472b6" />
      </>
    ),
  },
  'pet-paw': {
    background: '#d9f99d',
    art: (
      <>
        <ellipse cx="50" cy="60" rx="16" ry="13" fill="#4d7c0f" />
        <ellipse cx="31" cy="44" rx="6" ry="8" fill="#4d7c0f" />
        <ellipse cx="43" cy="34" rx="6" ry="8" fill="#4d7c0f" />
        <ellipse cx="57" cy="34" rx="6" ry="8" fill="#4d7c0f" />
        <ellipse cx="69" cy="44" rx="6" ry="8" fill="#4d7c0f" />
      </>
    ),
  },
};

export function isPortraitKey(value: string): value is PetPortraitKey {
  return (PET_PORTRAITS as readonly string[]).includes(value);
}

/** A pet's portrait; decorative unless given a label (the pet's name is always written beside it). */
export function PetPortrait({ portrait, size = 72, label }: { portrait: string; size?: number; label?: string }) {
  const { background, art } = PORTRAITS[isPortraitKey(portrait) ? portrait : 'pet-paw'];
  return (
    <svg
      viewBox="0 0 100 100"
      width={size}
      height={size}
      className="shrink-0 rounded-2xl"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <rect width="100" height="100" rx="20" fill={background} />
      {art}
    </svg>
  );
}
