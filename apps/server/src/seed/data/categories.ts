import { CATEGORY_ROOT } from '@shotlib/contract';

/**
 * The category trees of the demo. Ids are fixed so that links, tests and the scale seeder agree:
 * the roots are 9 (list categories of apps and sites), 11 (screen categories of screenshots),
 * 10 (list categories of business software) and 8 (flow types) (decision 045); list categories are
 * 12–26, screen categories 27–38. zhTW uses the words Taiwan uses (登入, 設定, 搜尋). The roots are
 * also what the console and the importer create on demand in a database without them.
 */
export type CategoryNames = { nameEn: string; nameCn: string; nameTw: string };

export const ROOT_CATEGORIES = [
  { id: CATEGORY_ROOT.list, kind: 'list', nameEn: 'Category', nameCn: '分类', nameTw: '分類' },
  { id: CATEGORY_ROOT.screen, kind: 'screen', nameEn: 'Screen', nameCn: '页面类型', nameTw: '頁面類型' },
  { id: CATEGORY_ROOT.business, kind: 'business', nameEn: 'Business software', nameCn: '企业软件', nameTw: '企業軟體' },
  { id: CATEGORY_ROOT.flow, kind: 'flow', nameEn: 'Flow', nameCn: '流程', nameTw: '流程' },
  { id: CATEGORY_ROOT.element, kind: 'element', nameEn: 'UI element', nameCn: '界面元素', nameTw: '介面元素' },
] as const;

export type ListCategoryKey =
  | 'finance'
  | 'social'
  | 'shopping'
  | 'travel'
  | 'health'
  | 'education'
  | 'productivity'
  | 'food'
  | 'entertainment'
  | 'music'
  | 'news'
  | 'photo'
  | 'lifestyle'
  | 'business'
  | 'developer';

export type ListCategory = CategoryNames & {
  id: number;
  key: ListCategoryKey;
  /** Short Latin words drawn into mock screens of items in this category. */
  vocab: readonly string[];
};

export const LIST_CATEGORIES: readonly ListCategory[] = [
  { id: 12, key: 'finance', nameEn: 'Finance', nameCn: '财务', nameTw: '財經', vocab: ['Groceries', 'Salary', 'Rent', 'Savings goal', 'Dining out', 'Transport', 'Utilities', 'Coffee'] },
  { id: 13, key: 'social', nameEn: 'Social', nameCn: '社交', nameTw: '社交', vocab: ['Weekend plans', 'Book club', 'Photo walk', 'Game night', 'Birthday', 'Road trip', 'Brunch', 'Hiking crew'] },
  { id: 14, key: 'shopping', nameEn: 'Shopping', nameCn: '购物', nameTw: '購物', vocab: ['Linen shirt', 'Desk lamp', 'Ceramic mug', 'Sneakers', 'Tote bag', 'Wool scarf', 'Plant pot', 'Headphones'] },
  { id: 15, key: 'travel', nameEn: 'Travel', nameCn: '旅游', nameTw: '旅遊', vocab: ['Kyoto', 'Lisbon', 'Taipei', 'Reykjavik', 'Chengdu', 'Cape Town', 'Hoi An', 'Vancouver'] },
  { id: 16, key: 'health', nameEn: 'Health & Fitness', nameCn: '健康健身', nameTw: '健康與健身', vocab: ['Morning run', 'Yoga flow', 'Core workout', 'Sleep', 'Water', 'Cycling', 'Stretching', 'Heart rate'] },
  { id: 17, key: 'education', nameEn: 'Education', nameCn: '教育', nameTw: '教育', vocab: ['Algebra', 'Vocabulary', 'World history', 'Chemistry', 'Essay writing', 'Grammar', 'Geometry', 'Biology'] },
  { id: 18, key: 'productivity', nameEn: 'Productivity', nameCn: '效率', nameTw: '生產力', vocab: ['Weekly review', 'Project plan', 'Inbox zero', 'Design sync', 'Roadmap', 'Reading list', 'Meeting notes', 'Focus time'] },
  { id: 19, key: 'food', nameEn: 'Food & Drink', nameCn: '美食佳饮', nameTw: '餐飲', vocab: ['Pasta night', 'Flat white', 'Ramen', 'Green salad', 'Sourdough', 'Dumplings', 'Cold brew', 'Tacos'] },
  { id: 20, key: 'entertainment', nameEn: 'Entertainment', nameCn: '娱乐', nameTw: '娛樂', vocab: ['Tonight', 'Top picks', 'Comedy', 'Drama', 'Live shows', 'Trailers', 'Festival', 'Classics'] },
  { id: 21, key: 'music', nameEn: 'Music & Audio', nameCn: '音乐与音频', nameTw: '音樂與音訊', vocab: ['Daily mix', 'Lo-fi beats', 'Jazz piano', 'Indie folk', 'Live session', 'Acoustic', 'Episode 42', 'Focus sounds'] },
  { id: 22, key: 'news', nameEn: 'News', nameCn: '新闻', nameTw: '新聞', vocab: ['Top stories', 'Climate', 'Markets', 'Science', 'Local', 'Opinion', 'Technology', 'Culture'] },
  { id: 23, key: 'photo', nameEn: 'Photo & Video', nameCn: '照片与视频', nameTw: '攝影與影片', vocab: ['Golden hour', 'Portraits', 'Street', 'Film grain', 'Timelapse', 'Highlights', 'Albums', 'Presets'] },
  { id: 24, key: 'lifestyle', nameEn: 'Lifestyle', nameCn: '生活', nameTw: '生活風格', vocab: ['Monstera', 'Morning routine', 'Journal', 'Outfits', 'Home reset', 'Dog walk', 'Mood', 'Weekend'] },
  { id: 25, key: 'business', nameEn: 'Business', nameCn: '商务', nameTw: '商業', vocab: ['Invoices', 'Clients', 'Payroll', 'Leads', 'Shifts', 'Expenses', 'Proposals', 'Quarterly'] },
  { id: 26, key: 'developer', nameEn: 'Developer Tools', nameCn: '开发者工具', nameTw: '開發者工具', vocab: ['Deploys', 'Pull requests', 'Error rate', 'Latency', 'Incidents', 'Logs', 'API keys', 'Builds'] },
];

export type ScreenKey =
  | 'login'
  | 'onboarding'
  | 'home'
  | 'search'
  | 'detail'
  | 'checkout'
  | 'profile'
  | 'settings'
  | 'empty'
  | 'chat'
  | 'notifications'
  | 'dashboard';

export type ScreenCategory = CategoryNames & { id: number; key: ScreenKey };

export const SCREEN_CATEGORIES: readonly ScreenCategory[] = [
  { id: 27, key: 'login', nameEn: 'Login', nameCn: '登录', nameTw: '登入' },
  { id: 28, key: 'onboarding', nameEn: 'Onboarding', nameCn: '新手引导', nameTw: '新手導覽' },
  { id: 29, key: 'home', nameEn: 'Home', nameCn: '首页', nameTw: '首頁' },
  { id: 30, key: 'search', nameEn: 'Search', nameCn: '搜索', nameTw: '搜尋' },
  { id: 31, key: 'detail', nameEn: 'Detail', nameCn: '详情页', nameTw: '詳細頁面' },
  { id: 32, key: 'checkout', nameEn: 'Checkout', nameCn: '结算', nameTw: '結帳' },
  { id: 33, key: 'profile', nameEn: 'Profile', nameCn: '个人主页', nameTw: '個人檔案' },
  { id: 34, key: 'settings', nameEn: 'Settings', nameCn: '设置', nameTw: '設定' },
  { id: 35, key: 'empty', nameEn: 'Empty State', nameCn: '空状态', nameTw: '空狀態' },
  { id: 36, key: 'chat', nameEn: 'Chat', nameCn: '聊天', nameTw: '聊天' },
  { id: 37, key: 'notifications', nameEn: 'Notifications', nameCn: '通知', nameTw: '通知' },
  { id: 38, key: 'dashboard', nameEn: 'Dashboard', nameCn: '仪表盘', nameTw: '儀表板' },
];

export function listCategory(key: ListCategoryKey): ListCategory {
  const found = LIST_CATEGORIES.find((c) => c.key === key);
  if (!found) throw new Error(`unknown list category ${key}`);
  return found;
}

export function screenCategory(key: ScreenKey): ScreenCategory {
  const found = SCREEN_CATEGORIES.find((c) => c.key === key);
  if (!found) throw new Error(`unknown screen category ${key}`);
  return found;
}

/**
 * Categories added after the fixed ids were laid out (issue 14): existing databases hold other
 * categories at the next ids, so these take ids from the sequence and are found by tree and English
 * name (insertReferenceData adds those missing, in any database).
 */
export type NamedCategory = CategoryNames & { kind: 'screen' | 'element'; preId: number };

/** The screen type of the subscription screens, searched as "paywall" (the Screens view, issue 14). */
export const PAYWALL_SCREEN_CATEGORY: NamedCategory = {
  kind: 'screen',
  preId: CATEGORY_ROOT.screen,
  nameEn: 'Paywall',
  nameCn: '付费墙',
  nameTw: '付費牆',
};

export type ElementKey =
  | 'button'
  | 'tabBar'
  | 'navigationBar'
  | 'modal'
  | 'bottomSheet'
  | 'form'
  | 'card'
  | 'list'
  | 'chart'
  | 'map'
  | 'emptyState'
  | 'toast'
  | 'searchBar'
  | 'avatar'
  | 'toggle'
  | 'chip';

/** The UI element tree (root 7): tagged on screens, many per screen. */
export const ELEMENT_CATEGORIES: readonly (NamedCategory & { key: ElementKey })[] = (
  [
    { key: 'button', nameEn: 'Button', nameCn: '按钮', nameTw: '按鈕' },
    { key: 'tabBar', nameEn: 'Tab bar', nameCn: '标签栏', nameTw: '標籤列' },
    { key: 'navigationBar', nameEn: 'Navigation bar', nameCn: '导航栏', nameTw: '導覽列' },
    { key: 'modal', nameEn: 'Modal', nameCn: '模态框', nameTw: '對話框' },
    { key: 'bottomSheet', nameEn: 'Bottom sheet', nameCn: '底部弹窗', nameTw: '底部面板' },
    { key: 'form', nameEn: 'Form', nameCn: '表单', nameTw: '表單' },
    { key: 'card', nameEn: 'Card', nameCn: '卡片', nameTw: '卡片' },
    { key: 'list', nameEn: 'List', nameCn: '列表', nameTw: '清單' },
    { key: 'chart', nameEn: 'Chart', nameCn: '图表', nameTw: '圖表' },
    { key: 'map', nameEn: 'Map', nameCn: '地图', nameTw: '地圖' },
    { key: 'emptyState', nameEn: 'Empty state', nameCn: '空状态提示', nameTw: '空狀態提示' },
    { key: 'toast', nameEn: 'Toast', nameCn: '轻提示', nameTw: '快顯通知' },
    { key: 'searchBar', nameEn: 'Search bar', nameCn: '搜索栏', nameTw: '搜尋列' },
    { key: 'avatar', nameEn: 'Avatar', nameCn: '头像', nameTw: '頭像' },
    { key: 'toggle', nameEn: 'Toggle', nameCn: '开关', nameTw: '切換開關' },
    { key: 'chip', nameEn: 'Chip', nameCn: '标签', nameTw: '標籤' },
  ] as const
).map((element) => ({ ...element, kind: 'element' as const, preId: CATEGORY_ROOT.element }));

/** Every category found by name, in the order they are added. */
export const NAMED_CATEGORIES: readonly NamedCategory[] = [PAYWALL_SCREEN_CATEGORY, ...ELEMENT_CATEGORIES];
