import { AdminCategoryInputSchema, CATEGORY_TREE_ROOT, CATEGORY_TREES, type AdminCategory, type CategoryTree } from '@shotlib/contract/admin-content';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { StatePanel } from '../../components/state-panel';
import { toast } from '../../lib/toast';
import { useAdminCategories } from './api/list-categories';
import { useCreateAdminCategory, useDeleteAdminCategory, useUpdateAdminCategory } from './api/save-category';
import { Loading, SelectField, Tabs } from './controls';
import styles from './admin.module.css';

/** Every category of a tree with its depth, parents before children (for the parent pickers). */
function flatten(nodes: readonly AdminCategory[], depth = 0): { node: AdminCategory; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flatten(node.children, depth + 1)]);
}

/** The ids of a category and everything below it (a category cannot move below itself). */
function subtreeIds(node: AdminCategory): number[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}

type Draft = { parentId: string; nameEn: string; nameCn: string; nameTw: string; sort: string };

/**
 * Route /admin/categories: the five category trees (apps and websites, screens, business software,
 * flow types, UI elements) as tabs; add, rename, re-sort, move and delete categories.
 */
export default function CategoriesPage() {
  const { t } = useTranslation('admin');
  const [tree, setTree] = useState<CategoryTree>('list');
  const categories = useAdminCategories(tree);
  const [editing, setEditing] = useState<number | null>(null);

  const all = categories.data ? flatten(categories.data.arr) : [];
  return (
    <section className={styles.content} aria-labelledby="admin-categories-title">
      <h1 id="admin-categories-title" className={styles.title}>
        {t('categories.title')}
      </h1>
      <Tabs
        label={t('categories.treesLabel')}
        value={tree}
        options={CATEGORY_TREES.map((value) => ({ value, label: t(`categories.trees.${value}`) }))}
        onChange={(value) => {
          setTree(value);
          setEditing(null);
        }}
      >
        <CategoryForm key={`new-${tree}`} tree={tree} all={all} />
        {categories.isPending ? (
          <Loading />
        ) : categories.isError ? (
          <StatePanel title={t('common.loadFailed')} onRetry={() => void categories.refetch()} />
        ) : categories.data.arr.length === 0 ? (
          <StatePanel title={t('categories.empty')} />
        ) : (
          <CategoryList nodes={categories.data.arr} tree={tree} all={all} editing={editing} onEdit={setEditing} label={t(`categories.trees.${tree}`)} />
        )}
      </Tabs>
    </section>
  );
}

function CategoryList(props: {
  nodes: readonly AdminCategory[];
  tree: CategoryTree;
  all: { node: AdminCategory; depth: number }[];
  editing: number | null;
  onEdit: (id: number | null) => void;
  label?: string;
}) {
  const { t } = useTranslation('admin');
  const remove = useDeleteAdminCategory();
  const [confirming, setConfirming] = useState<number | null>(null);
  return (
    <ul className={styles.tree} aria-label={props.label}>
      {props.nodes.map((node) => (
        <li key={node.id}>
          <div className={styles.treeRow}>
            <span className={styles.treeName}>
              <strong>{node.nameEn}</strong> <span lang="zh-CN">{node.nameCn}</span> · <span lang="zh-TW">{node.nameTw}</span>
            </span>
            <span className={styles.note}>{t('categories.uses', { count: node.uses })}</span>
            <span className={styles.note}>{t('categories.sortValue', { sort: node.sort })}</span>
            <span className={styles.actions}>
              <button type="button" className={styles.small} aria-label={t('categories.editNamed', { name: node.nameEn })} onClick={() => props.onEdit(props.editing === node.id ? null : node.id)}>
                {t('categories.edit')}
              </button>
              {confirming === node.id ? (
                <>
                  <button
                    type="button"
                    className={styles.danger}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(node.id, { onSuccess: () => toast.success(t('categories.deleted')), onSettled: () => setConfirming(null) })}
                  >
                    {t('categories.confirmDelete', { name: node.nameEn })}
                  </button>
                  <button type="button" className={styles.small} onClick={() => setConfirming(null)}>
                    {t('common.cancel')}
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className={styles.small}
                  aria-label={t('categories.deleteNamed', { name: node.nameEn })}
                  disabled={node.children.length > 0 || node.uses > 0}
                  title={node.children.length > 0 || node.uses > 0 ? t('categories.cannotDelete') : undefined}
                  onClick={() => setConfirming(node.id)}
                >
                  {t('categories.delete')}
                </button>
              )}
            </span>
          </div>
          {props.editing === node.id && <CategoryForm tree={props.tree} all={props.all} node={node} onDone={() => props.onEdit(null)} />}
          {node.children.length > 0 && <CategoryList {...props} nodes={node.children} label={t('categories.below', { name: node.nameEn })} />}
        </li>
      ))}
    </ul>
  );
}

/** Add a category (no `node`) or edit one: names in three languages, parent and sort. */
function CategoryForm({ tree, all, node, onDone }: { tree: CategoryTree; all: { node: AdminCategory; depth: number }[]; node?: AdminCategory; onDone?: () => void }) {
  const { t } = useTranslation('admin');
  const create = useCreateAdminCategory();
  const update = useUpdateAdminCategory();
  const root = CATEGORY_TREE_ROOT[tree];
  const initial: Draft = node
    ? { parentId: String(node.preId), nameEn: node.nameEn, nameCn: node.nameCn, nameTw: node.nameTw, sort: String(node.sort) }
    : { parentId: String(root), nameEn: '', nameCn: '', nameTw: '', sort: '0' };
  const [draft, setDraft] = useState<Draft>(initial);
  const [invalid, setInvalid] = useState<Partial<Record<keyof Draft, true>>>({});
  const set = (key: keyof Draft, value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const excluded = new Set(node ? subtreeIds(node) : []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AdminCategoryInputSchema.safeParse({
      tree,
      parentId: Number(draft.parentId),
      nameEn: draft.nameEn,
      nameCn: draft.nameCn,
      nameTw: draft.nameTw,
      sort: Number(draft.sort),
    });
    if (!parsed.success) {
      setInvalid(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), true])));
      return;
    }
    setInvalid({});
    const { tree: _tree, ...fields } = parsed.data;
    if (node) {
      update.mutate(
        { id: node.id, update: fields },
        {
          onSuccess: () => {
            toast.success(t('categories.saved'));
            onDone?.();
          },
        },
      );
    } else {
      create.mutate(parsed.data, {
        onSuccess: () => {
          toast.success(t('categories.created'));
          setDraft(initial);
        },
      });
    }
  };

  const nameError = t('categories.nameError');
  return (
    <form className={styles.manage} onSubmit={submit} noValidate aria-label={node ? t('categories.editNamed', { name: node.nameEn }) : t('categories.add')}>
      {!node && <h2 className={styles.label}>{t('categories.add')}</h2>}
      <div className={styles.grid3}>
        <Field label={t('categories.nameEn')} value={draft.nameEn} onChange={(e) => set('nameEn', e.target.value)} error={invalid.nameEn ? nameError : undefined} maxLength={60} />
        <Field label={t('categories.nameCn')} lang="zh-CN" value={draft.nameCn} onChange={(e) => set('nameCn', e.target.value)} error={invalid.nameCn ? nameError : undefined} maxLength={60} />
        <Field label={t('categories.nameTw')} lang="zh-TW" value={draft.nameTw} onChange={(e) => set('nameTw', e.target.value)} error={invalid.nameTw ? nameError : undefined} maxLength={60} />
      </div>
      <div className={styles.filters}>
        <SelectField label={t('categories.parent')} value={draft.parentId} onChange={(e) => set('parentId', e.target.value)}>
          <option value={root}>{t('categories.topLevel')}</option>
          {all
            .filter(({ node: option }) => !excluded.has(option.id))
            .map(({ node: option, depth }) => (
              <option key={option.id} value={option.id}>
                {`${'— '.repeat(depth + 1)}${option.nameEn}`}
              </option>
            ))}
        </SelectField>
        <Field label={t('categories.sort')} type="number" value={draft.sort} onChange={(e) => set('sort', e.target.value)} error={invalid.sort ? t('categories.sortError') : undefined} />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={create.isPending || update.isPending}>
            {node ? t('categories.save') : t('categories.create')}
          </button>
          {node && (
            <button type="button" className={styles.secondary} onClick={onDone}>
              {t('common.cancel')}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
