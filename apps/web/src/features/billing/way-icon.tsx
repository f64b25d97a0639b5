import type { PayWay } from '@shotlib/contract';

/** A neutral mark for each way of paying (not the providers' logos); decorative. */
export function WayIcon({ way }: { way: PayWay }) {
  const common = { width: 28, height: 28, viewBox: '0 0 28 28', 'aria-hidden': true, focusable: false } as const;
  switch (way) {
    case 'wechat':
      return (
        <svg {...common}>
          <rect width="28" height="28" rx="7" fill="#1aad19" />
          <path
            d="M11.6 7.5c-3.7 0-6.6 2.5-6.6 5.6 0 1.8 1 3.3 2.5 4.3l-.6 1.9 2.2-1.1c.8.2 1.6.4 2.5.4h.4a4.6 4.6 0 0 1-.2-1.3c0-2.9 2.7-5.2 6.1-5.2h.5c-.6-2.6-3.4-4.6-6.8-4.6Z"
            fill="#fff"
          />
          <path
            d="M23 16.9c0-2.5-2.4-4.5-5.4-4.5s-5.4 2-5.4 4.5 2.4 4.5 5.4 4.5c.6 0 1.3-.1 1.9-.3l1.8.9-.5-1.6c1.3-.8 2.2-2 2.2-3.5Z"
            fill="#fff"
            opacity="0.85"
          />
        </svg>
      );
    case 'paypal':
      return (
        <svg {...common}>
          <rect width="28" height="28" rx="7" fill="#003087" />
          <path d="M10.2 21.5 12.3 7h5.1c2.8 0 4.3 1.5 3.9 3.9-.4 2.7-2.4 4.2-5.2 4.2h-2.4l-.9 6.4Z" fill="#fff" />
          <path d="M13.2 15.1h2.4c2.8 0 4.8-1.5 5.2-4.2.1-.5.1-1 0-1.4 1.2.7 1.8 2 1.6 3.6-.4 2.7-2.4 4.2-5.2 4.2h-1.8l-.7 4.2h-2.6Z" fill="#009cde" />
        </svg>
      );
    case 'card':
      return (
        <svg {...common}>
          <rect width="28" height="28" rx="7" fill="currentColor" opacity="0.08" />
          <rect x="5" y="8" width="18" height="12.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M5 11.8h18" stroke="currentColor" strokeWidth="2.2" />
          <path d="M8 17h4" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      );
  }
}
