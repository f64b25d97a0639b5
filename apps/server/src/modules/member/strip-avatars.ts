import { AVATAR_STRIP_SIZE } from '@shotlib/contract';
import sharp from 'sharp';
import type { MediaStore } from '../../lib/storage';
import { storeAvatar } from './avatar-image';

/**
 * The avatars of the login page's scroll strip (docs/product-spec.md §2): seven illustrated portraits drawn here,
 * not members' pictures — a member's avatar is never shown to strangers without their consent.
 * Each is rendered to WebP once and stored by content hash like an uploaded avatar.
 */

type Person = { bg: string; skin: string; hair: string; shirt: string; style: 'crop' | 'bun' | 'long' | 'curly' | 'bob' | 'beanie' | 'side'; glasses?: boolean };

const PEOPLE: Person[] = [
  { bg: '#E8EEF9', skin: '#F2C9A5', hair: '#2B2A33', shirt: '#3D5AFE', style: 'side', glasses: true },
  { bg: '#FBEDE4', skin: '#8D5A3B', hair: '#1C1A1A', shirt: '#F08A5D', style: 'curly' },
  { bg: '#E7F5EE', skin: '#F6D7BD', hair: '#B5651D', shirt: '#2E9E6A', style: 'bun' },
  { bg: '#F3EAF8', skin: '#C68863', hair: '#3B2417', shirt: '#8E5CC4', style: 'crop', glasses: true },
  { bg: '#FFF5DA', skin: '#EBC09A', hair: '#121212', shirt: '#E0A526', style: 'bob' },
  { bg: '#E4F3F7', skin: '#A8704E', hair: '#2F4858', shirt: '#1F8FA8', style: 'beanie' },
  { bg: '#F7E8EC', skin: '#F4D2B8', hair: '#7A3E2B', shirt: '#D4577A', style: 'long' },
];

function hair(p: Person): { back: string; front: string } {
  const h = p.hair;
  switch (p.style) {
    case 'crop':
      return { back: '', front: `<path d="M52 70c0-20 12-32 28-32s28 12 28 32c-6-8-16-12-28-12s-22 4-28 12z" fill="${h}"/>` };
    case 'side':
      return { back: '', front: `<path d="M50 74c-2-24 12-38 32-38 16 0 28 10 28 30-10-10-26-16-44-12-6 2-12 10-16 20z" fill="${h}"/>` };
    case 'bun':
      return {
        back: `<circle cx="80" cy="34" r="13" fill="${h}"/>`,
        front: `<path d="M52 72c0-20 12-34 28-34s28 14 28 34c-4-12-16-18-28-18s-24 6-28 18z" fill="${h}"/>`,
      };
    case 'long':
      return {
        back: `<path d="M48 70c0-22 14-36 32-36s32 14 32 36v44H48z" fill="${h}"/>`,
        front: `<path d="M54 70c2-16 12-26 26-26s24 10 26 26c-10-6-18-14-24-20-6 8-16 16-28 20z" fill="${h}"/>`,
      };
    case 'curly':
      return {
        back: '',
        front: [44, 56, 68, 80, 92, 104, 116]
          .map((x, i) => `<circle cx="${x}" cy="${i % 2 ? 44 : 50}" r="12" fill="${h}"/>`)
          .join('')
          .concat(`<circle cx="50" cy="62" r="9" fill="${h}"/><circle cx="110" cy="62" r="9" fill="${h}"/>`),
      };
    case 'bob':
      return {
        back: `<path d="M46 74c0-24 14-38 34-38s34 14 34 38v18c0 4-4 6-8 6H54c-4 0-8-2-8-6z" fill="${h}"/>`,
        front: `<path d="M54 66c4-12 14-20 26-20s22 8 26 20H54z" fill="${h}"/>`,
      };
    case 'beanie':
      return {
        back: '',
        front: `<path d="M50 64c0-18 14-30 30-30s30 12 30 30z" fill="${p.shirt}"/><rect x="46" y="60" width="68" height="10" rx="5" fill="${h}"/>`,
      };
  }
}

/** One portrait as SVG, 160 × 160. */
export function avatarSvg(p: Person): string {
  const { back, front } = hair(p);
  const glasses = p.glasses
    ? `<g fill="none" stroke="#1B1B1F" stroke-width="2.5"><circle cx="70" cy="78" r="8"/><circle cx="90" cy="78" r="8"/><path d="M78 78h4"/></g>`
    : `<circle cx="71" cy="78" r="2.6" fill="#1B1B1F"/><circle cx="89" cy="78" r="2.6" fill="#1B1B1F"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
<rect width="160" height="160" fill="${p.bg}"/>
${back}
<path d="M30 160c2-30 22-46 50-46s48 16 50 46z" fill="${p.shirt}"/>
<rect x="71" y="96" width="18" height="22" rx="8" fill="${p.skin}"/>
<ellipse cx="80" cy="76" rx="27" ry="30" fill="${p.skin}"/>
${front}
${glasses}
<path d="M73 92c4 4 10 4 14 0" fill="none" stroke="#1B1B1F" stroke-width="2.4" stroke-linecap="round"/>
</svg>`;
}

/** The strip's avatars, rendered and stored on first use, then remembered. */
export function stripAvatars(media: MediaStore): () => Promise<string[]> {
  let ready: Promise<string[]> | null = null;
  return () => {
    ready ??= Promise.all(
      PEOPLE.slice(0, AVATAR_STRIP_SIZE).map(async (person) =>
        storeAvatar(media, await sharp(Buffer.from(avatarSvg(person))).webp({ quality: 90 }).toBuffer()),
      ),
    ).catch((err: unknown) => {
      ready = null;
      throw err;
    });
    return ready;
  };
}
