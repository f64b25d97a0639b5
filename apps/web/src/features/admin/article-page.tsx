import { type Locale } from '@shotlib/contract';
import { ARTICLE_LOCALES, ArticleTextSchema, type AdminArticle, type AdminArticleInput } from '@shotlib/contract/admin-content';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Field } from '../../components/field';
import { pathTo } from '../../lib/routes';
import { toast } from '../../lib/toast';
import { useAdminArticle } from './api/get-article';
import { usePreviewAdminArticle } from './api/preview-article';
import { useCreateAdminArticle, useDeleteAdminArticle, useSetAdminArticlePublished, useUpdateAdminArticle } from './api/save-article';
import { DAY_RANGE, Loading, MissingPanel, TextAreaField, toDay, useEditorId } from './controls';
import styles from './admin.module.css';

const LANG: Record<Locale, string> = { enUS: 'en', zhCN: 'zh-CN', zhTW: 'zh-TW' };

/** Routes /admin/articles/new and /admin/articles/:id: write an article in three languages, preview it as it will be stored. */
export default function ArticlePage() {
  const id = useEditorId();
  if (id === 'new') return <CreateArticle />;
  if (id === null) return <Missing />;
  return <EditArticle key={id} id={id} />;
}

function Missing() {
  const { t } = useTranslation('admin');
  return <MissingPanel title={t('articles.missing')} back={pathTo('AdminArticles')} backLabel={t('articles.back')} />;
}

function CreateArticle() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const create = useCreateAdminArticle();
  return (
    <section className={styles.content} aria-labelledby="admin-article-title">
      <Link to={pathTo('AdminArticles')} className={styles.note}>
        {t('articles.back')}
      </Link>
      <h1 id="admin-article-title" className={styles.title}>
        {t('articles.new')}
      </h1>
      <ArticleForm
        pending={create.isPending}
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: (article) => {
              toast.success(t('articles.created'));
              navigate(pathTo('AdminArticle', { id: article.id }), { replace: true });
            },
          })
        }
      />
    </section>
  );
}

function EditArticle({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const article = useAdminArticle(id);
  const update = useUpdateAdminArticle();
  const publish = useSetAdminArticlePublished();
  const remove = useDeleteAdminArticle();
  const [confirming, setConfirming] = useState(false);
  if (article.isPending) return <Loading />;
  if (article.isError) return <Missing />;
  const published = article.data.unpublishedAt === null;

  return (
    <section className={styles.content} aria-labelledby="admin-article-title">
      <Link to={pathTo('AdminArticles')} className={styles.note}>
        {t('articles.back')}
      </Link>
      <div className={styles.head}>
        <h1 id="admin-article-title" className={styles.title}>
          {article.data.texts.enUS?.title ?? `#${id}`}
        </h1>
        <div className={styles.actions}>
          <span className={published ? styles.badgeOn : styles.badgeQuiet}>{published ? t('items.published') : t('items.unpublished')}</span>
          <button
            type="button"
            className={published ? styles.secondary : styles.primary}
            disabled={publish.isPending}
            onClick={() => publish.mutate({ id, published: !published }, { onSuccess: () => toast.success(published ? t('articles.nowUnpublished') : t('articles.nowPublished')) })}
          >
            {published ? t('items.unpublish') : t('items.publish')}
          </button>
          {!published &&
            (confirming ? (
              <button
                type="button"
                className={styles.danger}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(id, {
                    onSuccess: () => {
                      toast.success(t('articles.deleted'));
                      navigate(pathTo('AdminArticles'), { replace: true });
                    },
                  })
                }
              >
                {t('articles.confirmDelete')}
              </button>
            ) : (
              <button type="button" className={styles.danger} onClick={() => setConfirming(true)}>
                {t('articles.delete')}
              </button>
            ))}
        </div>
      </div>
      <ArticleForm
        key={article.dataUpdatedAt}
        article={article.data}
        pending={update.isPending}
        onSubmit={({ published: _published, texts, ...rest }) =>
          update.mutate(
            { id, update: { ...rest, texts: { enUS: texts.enUS, zhCN: texts.zhCN ?? null, zhTW: texts.zhTW ?? null } } },
            { onSuccess: () => toast.success(t('articles.saved')) },
          )
        }
      />
    </section>
  );
}

type TextDraft = { title: string; content: string };

function ArticleForm({ article, pending, onSubmit }: { article?: AdminArticle; pending: boolean; onSubmit: (input: AdminArticleInput) => void }) {
  const { t } = useTranslation('admin');
  const [texts, setTexts] = useState<Record<Locale, TextDraft>>(() => ({
    enUS: { title: article?.texts.enUS?.title ?? '', content: article?.texts.enUS?.content ?? '' },
    zhCN: { title: article?.texts.zhCN?.title ?? '', content: article?.texts.zhCN?.content ?? '' },
    zhTW: { title: article?.texts.zhTW?.title ?? '', content: article?.texts.zhTW?.content ?? '' },
  }));
  const [preview, setPreview] = useState(article?.preview ?? '');
  const [day, setDay] = useState(toDay(article?.publishedAt ?? new Date().toISOString()));
  const [publishNow, setPublishNow] = useState(false);
  const [language, setLanguage] = useState<Locale>('enUS');
  const [errors, setErrors] = useState<Partial<Record<Locale, true>>>({});
  const previewCall = usePreviewAdminArticle();
  const [shown, setShown] = useState<{ language: Locale; html: string } | null>(null);

  const setText = (locale: Locale, key: keyof TextDraft, value: string) => setTexts((current) => ({ ...current, [locale]: { ...current[locale], [key]: value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<Locale, true>> = {};
    const parsed: Partial<Record<Locale, { title: string; content: string }>> = {};
    for (const locale of ARTICLE_LOCALES) {
      const draft = texts[locale];
      // A Chinese language left empty is absent (readers get English).
      if (locale !== 'enUS' && draft.title.trim() === '' && draft.content.trim() === '') continue;
      const result = ArticleTextSchema.safeParse(draft);
      if (result.success) parsed[locale] = result.data;
      else next[locale] = true;
    }
    setErrors(next);
    const firstWrong = ARTICLE_LOCALES.find((locale) => next[locale]);
    if (firstWrong || !parsed.enUS) {
      setLanguage(firstWrong ?? 'enUS');
      return;
    }
    const unchangedDay = article && toDay(article.publishedAt) === day;
    onSubmit({
      texts: { enUS: parsed.enUS, zhCN: parsed.zhCN, zhTW: parsed.zhTW },
      preview: preview.trim(),
      publishedAt: unchangedDay ? article.publishedAt : day ? `${day}T12:00:00.000Z` : undefined,
      published: publishNow,
    });
  };

  const draft = texts[language];
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('articles.form')}>
      <div className={styles.actions} role="group" aria-label={t('articles.language')}>
        {ARTICLE_LOCALES.map((locale) => (
          <button key={locale} type="button" className={locale === language ? styles.primary : styles.secondary} aria-pressed={locale === language} onClick={() => setLanguage(locale)}>
            {t(`articles.langs.${locale}`)}
            {errors[locale] ? ' ⚠' : ''}
          </button>
        ))}
      </div>
      <Field
        key={`title-${language}`}
        label={t('articles.titleIn', { language: t(`articles.langs.${language}`) })}
        lang={LANG[language]}
        value={draft.title}
        onChange={(e) => setText(language, 'title', e.target.value)}
        error={errors[language] ? t('articles.textError') : undefined}
        maxLength={200}
      />
      <TextAreaField
        key={`content-${language}`}
        label={t('articles.contentIn', { language: t(`articles.langs.${language}`) })}
        lang={LANG[language]}
        rows={14}
        value={draft.content}
        onChange={(e) => setText(language, 'content', e.target.value)}
      />
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          disabled={previewCall.isPending}
          onClick={() => previewCall.mutate(draft.content, { onSuccess: ({ html }) => setShown({ language, html }) })}
        >
          {t('articles.preview')}
        </button>
        <p className={styles.note}>{t('articles.sanitised')}</p>
      </div>
      {shown && (
        <section aria-label={t('articles.previewOf', { language: t(`articles.langs.${shown.language}`) })} className={styles.preview} lang={LANG[shown.language]}>
          {/* The server's sanitiser made this HTML: the same that saving stores and Insights shows. */}
          <div dangerouslySetInnerHTML={{ __html: shown.html }} />
        </section>
      )}
      <div className={styles.grid3}>
        <Field label={t('articles.cover')} hint={t('articles.coverHint')} value={preview} onChange={(e) => setPreview(e.target.value)} />
        <Field label={t('items.publishDate')} type="date" {...DAY_RANGE} value={day} onChange={(e) => setDay(e.target.value)} />
      </div>
      {!article && (
        <label className={styles.choice}>
          <input type="checkbox" checked={publishNow} onChange={(e) => setPublishNow(e.target.checked)} />
          {t('articles.publishNow')}
        </label>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={pending}>
          {article ? t('item.save') : t('item.create')}
        </button>
      </div>
    </form>
  );
}
