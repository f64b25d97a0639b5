import { LOGO_MAX_BYTES, type AdminItem, type AdminItemInput } from '@shotlib/contract/admin';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useMediaUrl } from '../../lib/public-config';
import { pathTo } from '../../lib/routes';
import { toast } from '../../lib/toast';
import { useCreateAdminItem } from './api/create-item';
import { useAdminItem } from './api/get-item';
import { useSetAdminItemPublished } from './api/set-item-published';
import { useUpdateAdminItem } from './api/update-item';
import { useUploadAdminLogo } from './api/upload-logo';
import { Loading, MissingPanel, useEditorId } from './controls';
import { FlowsManager } from './flows-manager';
import { ItemForm } from './item-form';
import { ScreensManager } from './screens-manager';
import styles from './admin.module.css';

/** Routes /admin/items/new and /admin/items/:id: create an app, website or business product, or edit one with its logo, status, screens and flows. */
export default function ItemPage() {
  const id = useEditorId();
  if (id === 'new') return <CreateItem />;
  if (id === null) return <Missing />;
  return <EditItem key={id} id={id} />;
}

function Missing() {
  const { t } = useTranslation('admin');
  return <MissingPanel title={t('item.missing')} back={pathTo('AdminItems')} backLabel={t('item.back')} />;
}

function CreateItem() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const create = useCreateAdminItem();
  const onSubmit = (input: AdminItemInput) =>
    create.mutate(input, {
      onSuccess: (item) => {
        toast.success(t('item.created', { name: item.name }));
        navigate(pathTo('AdminItem', { id: item.id }), { replace: true });
      },
    });
  return (
    <section className={styles.content} aria-labelledby="admin-item-title">
      <Link to={pathTo('AdminItems')} className={styles.note}>
        {t('item.back')}
      </Link>
      <h1 id="admin-item-title" className={styles.title}>
        {t('item.newTitle')}
      </h1>
      <p className={styles.note}>{t('item.newHint')}</p>
      <ItemForm pending={create.isPending} onSubmit={onSubmit} />
    </section>
  );
}

function EditItem({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const item = useAdminItem(id);
  const update = useUpdateAdminItem();

  if (item.isPending) return <Loading />;
  if (item.isError) return <Missing />;

  const onSubmit = ({ published: _published, ...fields }: AdminItemInput) =>
    update.mutate({ id, update: fields }, { onSuccess: () => toast.success(t('item.saved')) });
  return (
    <section className={styles.content} aria-labelledby="admin-item-title">
      <Link to={pathTo('AdminItems')} className={styles.note}>
        {t('item.back')}
      </Link>
      <div className={styles.head}>
        <h1 id="admin-item-title" className={styles.title}>
          {item.data.name}
        </h1>
        <PublishControl item={item.data} />
      </div>
      <LogoControl item={item.data} />
      <ItemForm key={item.dataUpdatedAt} item={item.data} pending={update.isPending} onSubmit={onSubmit} />
      <ScreensManager itemId={id} />
      <FlowsManager itemId={id} />
    </section>
  );
}

/** The status and the button that changes it. */
function PublishControl({ item }: { item: AdminItem }) {
  const { t } = useTranslation('admin');
  const publish = useSetAdminItemPublished();
  const published = item.unpublishedAt === null;
  return (
    <div className={styles.actions}>
      <span className={published ? styles.badgeOn : styles.badgeQuiet}>{published ? t('items.published') : t('items.unpublished')}</span>
      <button
        type="button"
        className={published ? styles.secondary : styles.primary}
        disabled={publish.isPending}
        onClick={() =>
          publish.mutate(
            { id: item.id, published: !published },
            { onSuccess: (next) => toast.success(next.unpublishedAt === null ? t('item.nowPublished') : t('item.nowUnpublished')) },
          )
        }
      >
        {published ? t('items.unpublish') : t('items.publish')}
      </button>
    </div>
  );
}

/** The logo and its upload (re-encoded by the server). */
function LogoControl({ item }: { item: AdminItem }) {
  const { t } = useTranslation('admin');
  const media = useMediaUrl();
  const upload = useUploadAdminLogo();
  const input = useRef<HTMLInputElement>(null);
  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      toast.error(t('item.logoTooLarge'));
      return;
    }
    upload.mutate({ id: item.id, file }, { onSuccess: () => toast.success(t('item.logoSaved')) });
    if (input.current) input.current.value = '';
  };
  return (
    <div className={styles.logoRow}>
      {item.logo ? <img className={styles.logo} src={media(item.logo)} alt={t('item.logoAlt', { name: item.name })} width={64} height={64} /> : <span className={styles.logo} aria-hidden="true" />}
      <div className={styles.control}>
        <label htmlFor="admin-logo" className={styles.label}>
          {t('item.logo')}
        </label>
        <input id="admin-logo" ref={input} type="file" accept="image/*" disabled={upload.isPending} onChange={(event) => onFile(event.target.files?.[0])} />
        <p className={styles.note}>{t('item.logoHint')}</p>
      </div>
    </div>
  );
}
