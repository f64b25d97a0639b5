import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import buttons from '../../components/button.module.css';
import { TextAreaField } from '../../components/form-controls';
import styles from './review.module.css';

/** The tags the toolbar writes: all in the server's allow-list (the articles' sanitiser). */
const TOOLS = [
  { key: 'heading', open: '<h3>', close: '</h3>' },
  { key: 'paragraph', open: '<p>', close: '</p>' },
  { key: 'bold', open: '<strong>', close: '</strong>' },
  { key: 'italic', open: '<em>', close: '</em>' },
  { key: 'list', open: '<ul>\n  <li>', close: '</li>\n</ul>' },
  { key: 'quote', open: '<blockquote>', close: '</blockquote>' },
] as const;

const PREVIEW_STYLE =
  '<style>body{font:15px/1.7 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Noto Sans CJK SC",sans-serif;margin:12px;color:#111}ul{list-style:disc;padding-left:1.4em}blockquote{margin:0;padding-left:12px;border-left:3px solid #888}</style>';

type AnswerEditorProps = { value: string; onChange: (value: string) => void; error?: string; lang: string };

/**
 * The feedback's editor: HTML in a textarea, with buttons that wrap the selection in the tags the
 * server keeps, and a preview. The preview is a sandboxed frame (no scripts, no same origin), so
 * whatever is typed cannot run; the server sanitises the HTML when it is saved, and the member sees
 * that sanitised version.
 */
export function AnswerEditor({ value, onChange, error, lang }: AnswerEditorProps) {
  const { t } = useTranslation('portfolio');
  const area = useRef<HTMLTextAreaElement>(null);
  const [preview, setPreview] = useState(false);

  const wrap = (open: string, close: string) => {
    const textarea = area.current;
    if (!textarea) return;
    const { selectionStart: start, selectionEnd: end } = textarea;
    const next = `${value.slice(0, start)}${open}${value.slice(start, end)}${close}${value.slice(end)}`;
    onChange(next);
    // Put the caret (or the selection) back inside the new tags.
    requestAnimationFrame(() => {
      textarea.focus();
      textarea.setSelectionRange(start + open.length, end + open.length);
    });
  };

  const addLink = () => {
    const address = window.prompt(t('editor.linkPrompt'), 'https://');
    if (!address || !/^https?:\/\//i.test(address)) return;
    wrap(`<a href="${address.replace(/"/g, '&quot;')}">`, '</a>');
  };

  return (
    <div className={styles.group}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('editor.toolbar')}>
        {TOOLS.map((tool) => (
          <button key={tool.key} type="button" className={`${buttons.secondary} ${buttons.small}`} onClick={() => wrap(tool.open, tool.close)}>
            {t(`editor.tools.${tool.key}`)}
          </button>
        ))}
        <button type="button" className={`${buttons.secondary} ${buttons.small}`} onClick={addLink}>
          {t('editor.tools.link')}
        </button>
        <button type="button" className={`${buttons.secondary} ${buttons.small}`} aria-pressed={preview} onClick={() => setPreview(!preview)}>
          {t('editor.preview')}
        </button>
      </div>
      <TextAreaField ref={area} label={t('editor.label')} hint={t('editor.hint')} rows={14} lang={lang} value={value} onChange={(e) => onChange(e.target.value)} error={error} />
      {preview && <iframe className={styles.preview} title={t('editor.previewTitle')} sandbox="" srcDoc={`${PREVIEW_STYLE}${value}`} />}
    </div>
  );
}
