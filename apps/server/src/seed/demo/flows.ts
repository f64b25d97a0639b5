import type { LocalizedText } from '@shotlib/contract/ingest';
import type { BusinessScreenKey } from '../business-screens';
import type { ScreenKey } from '../data/categories';
import type { BusinessCategoryKey, FlowTypeKey } from '../data/business';

/**
 * The demo's flows (issue 13): journeys through an item's own screens, as templates that name a
 * screen by kind and variant ("login:2" is the code screen). The planner gives each item the
 * screens its flows need, then turns each step into the file of that screen.
 */

/** English, Simplified Chinese, Traditional Chinese. */
export type Texts = readonly [string, string, string];
export type StepTemplate = { screen: string; caption?: Texts };
export type FlowTemplate = { id: string; type: FlowTypeKey; name: Texts; steps: readonly StepTemplate[] };

export const localized = ([en, zhCN, zhTW]: Texts): LocalizedText => ({ en, zhCN, zhTW });

const step = (screen: string, en: string, cn: string, tw: string): StepTemplate => ({ screen, caption: [en, cn, tw] });

const VERIFY: Texts = ['Verify the code', '输入验证码', '輸入驗證碼'];
const verify = (screen: string): StepTemplate => ({ screen, caption: VERIFY });

/** Flows of phone apps (and phone business apps), over the phone screen kinds and their variants. */
export const APP_FLOWS: readonly FlowTemplate[] = [
  {
    id: 'signup-email',
    type: 'signup',
    name: ['Sign up with e-mail', '邮箱注册', '以電子郵件註冊'],
    steps: [
      step('onboarding', 'Welcome screen', '欢迎页', '歡迎頁'),
      step('login:1', 'Enter name, e-mail and password', '填写昵称、邮箱和密码', '填寫名稱、電子郵件與密碼'),
      verify('login:2'),
      step('onboarding:1', 'Pick interests', '选择兴趣', '選擇興趣'),
      step('home', 'Arrive on the home screen', '进入首页', '進入首頁'),
    ],
  },
  {
    id: 'checkout-search',
    type: 'checkout',
    name: ['Buy something found by search', '搜索后下单', '搜尋後下單'],
    steps: [
      step('home', 'Start on home', '从首页开始', '從首頁開始'),
      step('search', 'Search', '搜索', '搜尋'),
      step('detail', 'Open the item', '查看详情', '查看詳情'),
      step('checkout', 'Review and pay', '确认并支付', '確認並付款'),
      step('checkout:1', 'Order placed', '下单成功', '下單成功'),
    ],
  },
  {
    id: 'login-code',
    type: 'login',
    name: ['Log in with a one-time code', '验证码登录', '驗證碼登入'],
    steps: [step('login', 'Enter e-mail and password', '填写邮箱和密码', '填寫電子郵件與密碼'), verify('login:2'), step('home', 'Signed in', '登录成功', '登入成功')],
  },
  {
    id: 'paywall-upgrade',
    type: 'paywall',
    name: ['Upgrade to the paid plan', '升级会员', '升級會員'],
    steps: [
      step('profile', 'Open the profile', '打开个人主页', '打開個人檔案'),
      step('settings', 'Go to settings', '进入设置', '進入設定'),
      step('settings:1', 'Choose a plan', '选择套餐', '選擇方案'),
      step('checkout', 'Pay', '支付', '付款'),
    ],
  },
  {
    id: 'search-compare',
    type: 'search',
    name: ['Search and compare results', '搜索并比较结果', '搜尋並比較結果'],
    steps: [
      step('home', 'Tap the search box', '点击搜索框', '點選搜尋框'),
      step('search', 'Results as a list', '列表查看结果', '以清單查看結果'),
      step('search:1', 'Switch to the grid', '切换为网格', '切換為格狀'),
      step('detail', 'Open a result', '打开结果', '打開結果'),
    ],
  },
  {
    id: 'password-reset',
    type: 'reset',
    name: ['Reset a forgotten password', '找回密码', '找回密碼'],
    steps: [
      step('login', 'Tap “Forgot password?”', '点击“忘记密码”', '點選「忘記密碼」'),
      step('login:3', 'Enter the e-mail', '填写邮箱', '填寫電子郵件'),
      verify('login:2'),
      step('login', 'Sign in again', '重新登录', '重新登入'),
    ],
  },
  {
    id: 'cancel-plan',
    type: 'cancel',
    name: ['Cancel the subscription', '取消会员订阅', '取消會員訂閱'],
    steps: [
      step('profile', 'Open the profile', '打开个人主页', '打開個人檔案'),
      step('settings', 'Go to settings', '进入设置', '進入設定'),
      step('settings:2', 'Give a reason and confirm', '选择原因并确认', '選擇原因並確認'),
    ],
  },
  {
    id: 'settings-notifications',
    type: 'settings',
    name: ['Manage notifications', '管理通知', '管理通知'],
    steps: [
      step('profile', 'Open the profile', '打开个人主页', '打開個人檔案'),
      step('settings', 'Switch notifications', '设置通知开关', '設定通知開關'),
      step('notifications', 'Check the inbox', '查看通知', '查看通知'),
    ],
  },
  {
    id: 'empty-first',
    type: 'empty',
    name: ['First visit to an empty list', '首次打开空列表', '首次開啟空清單'],
    steps: [
      step('home', 'Start on home', '从首页开始', '從首頁開始'),
      step('empty', 'Nothing saved yet', '还没有收藏', '尚無收藏'),
      step('search', 'Find something to save', '去找点内容', '去找點內容'),
    ],
  },
  {
    id: 'onboarding-first-run',
    type: 'onboarding',
    name: ['First-run onboarding', '首次启动引导', '首次啟動導覽'],
    steps: [
      step('onboarding', 'What the app does', '了解应用', '認識 App'),
      step('onboarding:1', 'Pick interests', '选择兴趣', '選擇興趣'),
      { screen: 'home' },
    ],
  },
];

/** Flows of websites, over their full pages. */
export const SITE_FLOWS: readonly FlowTemplate[] = [
  {
    id: 'checkout-web',
    type: 'checkout',
    name: ['Order from the website', '网站下单', '網站下單'],
    steps: [
      step('home', 'Home page', '首页', '首頁'),
      step('search', 'Browse results', '浏览结果', '瀏覽結果'),
      step('detail', 'Product page', '商品页', '商品頁'),
      step('checkout', 'Checkout', '结算', '結帳'),
    ],
  },
  {
    id: 'signup-web',
    type: 'signup',
    name: ['Sign up from the home page', '从首页注册', '從首頁註冊'],
    steps: [
      step('home', 'Home page', '首页', '首頁'),
      step('onboarding', 'See how it works', '了解产品', '了解產品'),
      step('login', 'Create the account', '创建账号', '建立帳號'),
      step('dashboard', 'First look at the dashboard', '初见仪表盘', '初見儀表板'),
    ],
  },
  {
    id: 'filter-results',
    type: 'filtering',
    name: ['Filter search results', '筛选搜索结果', '篩選搜尋結果'],
    steps: [step('home', 'Home page', '首页', '首頁'), step('search', 'Narrow the results', '缩小结果范围', '縮小結果範圍'), step('detail', 'Open a match', '打开结果', '打開結果')],
  },
  {
    id: 'account-settings',
    type: 'settings',
    name: ['Account settings', '账号设置', '帳號設定'],
    steps: [step('profile', 'Profile', '个人主页', '個人檔案'), step('settings', 'Settings', '设置', '設定'), step('notifications', 'Notifications', '通知', '通知')],
  },
];

/** Flows of business web software, over the business screen kinds. */
export const BUSINESS_FLOWS: readonly FlowTemplate[] = [
  {
    id: 'trial-signup',
    type: 'signup',
    name: ['Start a free trial', '开通免费试用', '開通免費試用'],
    steps: [
      step('signup', 'Create the workspace', '创建工作区', '建立工作區'),
      verify('verify'),
      step('setup', 'Describe the team', '填写团队信息', '填寫團隊資訊'),
      step('setup:1', 'Connect tools', '连接常用工具', '連接常用工具'),
      step('dashboard', 'Land on the overview', '进入概览', '進入總覽'),
    ],
  },
  {
    id: 'approve-request',
    type: 'approvals',
    name: ['Approve a request', '处理审批', '處理簽核'],
    steps: [
      step('dashboard', 'See what is pending', '查看待办', '查看待辦'),
      step('approvals', 'Review and approve', '审阅并同意', '審閱並同意'),
      step('record', 'Check the details', '核对明细', '核對明細'),
    ],
  },
  {
    id: 'create-record',
    type: 'create',
    name: ['Create a record', '新建记录', '建立紀錄'],
    steps: [step('table', 'Open the list', '打开列表', '開啟列表'), step('form', 'Fill in the form', '填写表单', '填寫表單'), step('record', 'The saved record', '保存后的详情', '儲存後的詳情')],
  },
  {
    id: 'export-report',
    type: 'export',
    name: ['Export a monthly report', '导出月度报表', '匯出月報表'],
    steps: [step('dashboard', 'Overview', '概览', '總覽'), step('export', 'Open reports', '打开报表', '開啟報表'), step('export:1', 'Choose format and range', '选择格式与时间范围', '選擇格式與時間範圍')],
  },
  {
    id: 'invite-team',
    type: 'invite',
    name: ['Invite teammates', '邀请同事加入', '邀請同事加入'],
    steps: [step('settings', 'Open settings', '打开设置', '開啟設定'), step('invite', 'Add e-mails and a role', '填写邮箱与角色', '填寫信箱與角色'), step('table', 'Back to work', '回到工作', '回到工作')],
  },
  {
    id: 'login-code',
    type: 'login',
    name: ['Sign in with a verification code', '验证码登录', '驗證碼登入'],
    steps: [step('login', 'Enter the work e-mail', '填写工作邮箱', '填寫工作信箱'), verify('verify'), step('dashboard', 'Land on the overview', '进入概览', '進入總覽')],
  },
  {
    id: 'filter-list',
    type: 'filtering',
    name: ['Filter a long list', '筛选长列表', '篩選長列表'],
    steps: [step('table', 'The full list', '完整列表', '完整列表'), step('filter', 'Set filters', '设置筛选条件', '設定篩選條件'), step('record', 'Open a match', '打开结果', '開啟結果')],
  },
  {
    id: 'upgrade-plan',
    type: 'paywall',
    name: ['Upgrade from the trial', '试用升级付费', '試用升級付費'],
    steps: [
      step('dashboard', 'Trial banner', '试用提醒', '試用提醒'),
      step('billing', 'Compare plans', '比较套餐', '比較方案'),
      step('billing:1', 'Pay', '付款', '付款'),
      step('dashboard', 'Upgraded', '升级完成', '升級完成'),
    ],
  },
  {
    id: 'quick-search',
    type: 'search',
    name: ['Find a record with quick search', '快速搜索记录', '快速搜尋紀錄'],
    steps: [step('dashboard', 'Press the search box', '点击搜索框', '點選搜尋框'), step('search', 'Type a few letters', '输入关键词', '輸入關鍵字'), step('record', 'Open the result', '打开结果', '開啟結果')],
  },
  {
    id: 'setup-workspace',
    type: 'onboarding',
    name: ['Set up the workspace', '配置工作区', '設定工作區'],
    steps: [
      step('setup', 'About the team', '团队信息', '團隊資訊'),
      step('setup:1', 'Connect tools', '连接工具', '連接工具'),
      step('invite', 'Invite the team', '邀请团队', '邀請團隊'),
      step('dashboard', 'Ready to work', '开始工作', '開始工作'),
    ],
  },
  {
    id: 'fix-errors',
    type: 'errors',
    name: ['Fix form errors', '修正表单错误', '修正表單錯誤'],
    steps: [step('form', 'Fill in the form', '填写表单', '填寫表單'), step('error', 'See what is wrong', '查看错误提示', '查看錯誤提示'), step('record', 'Saved', '保存成功', '儲存成功')],
  },
  {
    id: 'password-reset',
    type: 'reset',
    name: ['Reset a password', '重置密码', '重設密碼'],
    steps: [
      step('login', 'Click “Forgot password?”', '点击“忘记密码”', '點選「忘記密碼」'),
      step('reset', 'Enter the work e-mail', '填写工作邮箱', '填寫工作信箱'),
      verify('verify'),
      step('login', 'Sign in again', '重新登录', '重新登入'),
    ],
  },
  {
    id: 'kanban-card',
    type: 'create',
    name: ['Add a card to the board', '在看板上新建任务', '在看板上新增任務'],
    steps: [
      step('kanban', 'The board', '看板', '看板'),
      step('form', 'Describe the task', '填写任务', '填寫任務'),
      step('record', 'The task', '任务详情', '任務詳情'),
      step('kanban', 'Card on the board', '卡片已上板', '卡片已上板'),
    ],
  },
  {
    id: 'cancel-plan',
    type: 'cancel',
    name: ['Cancel the subscription', '取消订阅', '取消訂閱'],
    steps: [step('settings', 'Settings', '设置', '設定'), step('billing', 'Plans and billing', '套餐与账单', '方案與帳單'), step('cancel', 'Give a reason and confirm', '选择原因并确认', '選擇原因並確認')],
  },
  {
    id: 'empty-start',
    type: 'empty',
    name: ['Start from an empty list', '从空列表开始', '從空白列表開始'],
    steps: [step('empty', 'Nothing here yet', '还没有数据', '尚無資料'), step('form', 'Create the first', '新建第一条', '建立第一筆'), step('table', 'The list fills up', '列表有了内容', '列表有了內容')],
  },
  {
    id: 'access-denied',
    type: 'errors',
    name: ['Open a page without access', '无权限访问页面', '無權限存取頁面'],
    steps: [step('dashboard', 'Follow a link', '点击链接', '點選連結'), step('error:1', 'Access denied', '无访问权限', '無存取權限'), step('dashboard', 'Back to the overview', '返回概览', '返回總覽')],
  },
  {
    id: 'workspace-settings',
    type: 'settings',
    name: ['Change workspace settings', '修改工作区设置', '修改工作區設定'],
    steps: [step('dashboard', 'Overview', '概览', '總覽'), step('settings', 'Edit and save', '修改并保存', '修改並儲存'), step('billing', 'Check the plan', '查看套餐', '查看方案')],
  },
];

/** Flows of business phone apps, over the phone screen kinds. */
export const BUSINESS_APP_FLOWS: readonly FlowTemplate[] = [
  {
    id: 'approve-on-the-go',
    type: 'approvals',
    name: ['Approve on the go', '移动审批', '行動簽核'],
    steps: [
      step('notifications', 'Approval request arrives', '收到审批提醒', '收到簽核通知'),
      step('detail', 'Review the request', '查看申请', '查看申請'),
      step('chat', 'Ask a question', '沟通确认', '溝通確認'),
      step('dashboard', 'Back to the overview', '返回概览', '返回總覽'),
    ],
  },
  APP_FLOWS[2],
  APP_FLOWS[4],
  APP_FLOWS[7],
  APP_FLOWS[8],
];

/** The flow a business product leads with, by its main category. */
export const LEAD_FLOW: Record<BusinessCategoryKey, string> = {
  dashboards: 'export-report',
  crm: 'create-record',
  erp: 'approve-request',
  analytics: 'export-report',
  hr: 'approve-request',
  finance: 'approve-request',
  projects: 'kanban-card',
  support: 'filter-list',
  marketing: 'trial-signup',
  devops: 'login-code',
  admin: 'invite-team',
  collaboration: 'invite-team',
};

/** Parse "kind" or "kind:variant". */
export function screenRef(ref: string): { kind: ScreenKey | BusinessScreenKey; variant: number } {
  const [kind, variant] = ref.split(':');
  return { kind: kind as ScreenKey | BusinessScreenKey, variant: variant ? Number(variant) : 0 };
}
