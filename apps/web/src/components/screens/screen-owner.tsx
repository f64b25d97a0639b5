import { Link } from 'react-router';
import { useMediaUrl } from '../../lib/public-config';
import { pathTo } from '../../lib/routes';
import styles from './screens.module.css';

/** Under a screen of a grid: its app's logo and name, a link to the app's page (Screens view, collections). */
export function ScreenOwner({ itemId, logo, name }: { itemId: number; logo: string; name: string }) {
  const media = useMediaUrl();
  const src = media(logo);
  return (
    <Link to={pathTo('Detail', { id: itemId })} className={styles.owner}>
      <span className={styles.logo}>{src && <img src={src} alt="" width={20} height={20} loading="lazy" decoding="async" />}</span>
      <span className={styles.ownerName}>{name}</span>
    </Link>
  );
}
