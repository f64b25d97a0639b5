import type { CategoryNames } from './categories';

/**
 * Business (B-end) software of the demo (issue 13): its list categories (the business tree), the
 * flow types (the flow tree) and the products, web (`business`) and phone (`business-app`). All
 * names are invented; about half are Chinese enterprise software, drawn in Chinese when a CJK font
 * is installed. zhTW uses Taiwan's words (專案, 登入, 簽核, 匯出).
 */

export type BusinessCategoryKey =
  | 'dashboards'
  | 'crm'
  | 'erp'
  | 'analytics'
  | 'hr'
  | 'finance'
  | 'projects'
  | 'support'
  | 'marketing'
  | 'devops'
  | 'admin'
  | 'collaboration';

export const BUSINESS_CATEGORIES: readonly (CategoryNames & { key: BusinessCategoryKey })[] = [
  { key: 'dashboards', nameEn: 'Dashboards', nameCn: '数据看板', nameTw: '數據看板' },
  { key: 'crm', nameEn: 'CRM', nameCn: '客户管理', nameTw: '客戶管理' },
  { key: 'erp', nameEn: 'ERP', nameCn: '企业资源计划', nameTw: '企業資源規劃' },
  { key: 'analytics', nameEn: 'Analytics', nameCn: '数据分析', nameTw: '數據分析' },
  { key: 'hr', nameEn: 'HR', nameCn: '人力资源', nameTw: '人力資源' },
  { key: 'finance', nameEn: 'Finance', nameCn: '财务管理', nameTw: '財務管理' },
  { key: 'projects', nameEn: 'Project management', nameCn: '项目管理', nameTw: '專案管理' },
  { key: 'support', nameEn: 'Customer support', nameCn: '客户服务', nameTw: '客戶服務' },
  { key: 'marketing', nameEn: 'Marketing', nameCn: '营销', nameTw: '行銷' },
  { key: 'devops', nameEn: 'DevOps', nameCn: '研发运维', nameTw: '研發維運' },
  { key: 'admin', nameEn: 'Admin consoles', nameCn: '管理后台', nameTw: '管理後台' },
  { key: 'collaboration', nameEn: 'Collaboration', nameCn: '协同办公', nameTw: '協同辦公' },
];

export type FlowTypeKey =
  | 'signup'
  | 'login'
  | 'onboarding'
  | 'checkout'
  | 'paywall'
  | 'search'
  | 'filtering'
  | 'settings'
  | 'cancel'
  | 'empty'
  | 'errors'
  | 'create'
  | 'approvals'
  | 'invite'
  | 'export'
  | 'reset';

export const FLOW_TYPES: readonly (CategoryNames & { key: FlowTypeKey })[] = [
  { key: 'signup', nameEn: 'Sign-up', nameCn: '注册', nameTw: '註冊' },
  { key: 'login', nameEn: 'Log-in', nameCn: '登录', nameTw: '登入' },
  { key: 'onboarding', nameEn: 'Onboarding', nameCn: '新手引导', nameTw: '新手導覽' },
  { key: 'checkout', nameEn: 'Checkout', nameCn: '下单结算', nameTw: '下單結帳' },
  { key: 'paywall', nameEn: 'Subscription & paywall', nameCn: '订阅与付费墙', nameTw: '訂閱與付費牆' },
  { key: 'search', nameEn: 'Search', nameCn: '搜索', nameTw: '搜尋' },
  { key: 'filtering', nameEn: 'Filtering', nameCn: '筛选', nameTw: '篩選' },
  { key: 'settings', nameEn: 'Settings', nameCn: '设置', nameTw: '設定' },
  { key: 'cancel', nameEn: 'Cancel subscription', nameCn: '取消订阅', nameTw: '取消訂閱' },
  { key: 'empty', nameEn: 'Empty states', nameCn: '空状态', nameTw: '空狀態' },
  { key: 'errors', nameEn: 'Errors', nameCn: '错误提示', nameTw: '錯誤提示' },
  { key: 'create', nameEn: 'Create & edit', nameCn: '新建与编辑', nameTw: '建立與編輯' },
  { key: 'approvals', nameEn: 'Approvals', nameCn: '审批', nameTw: '簽核' },
  { key: 'invite', nameEn: 'Invite teammates', nameCn: '邀请成员', nameTw: '邀請成員' },
  { key: 'export', nameEn: 'Export & reports', nameCn: '导出与报表', nameTw: '匯出與報表' },
  { key: 'reset', nameEn: 'Password reset', nameCn: '重置密码', nameTw: '重設密碼' },
];

export function flowType(key: FlowTypeKey): CategoryNames & { key: FlowTypeKey } {
  const found = FLOW_TYPES.find((t) => t.key === key);
  if (!found) throw new Error(`unknown flow type ${key}`);
  return found;
}

export function businessCategory(key: BusinessCategoryKey): CategoryNames & { key: BusinessCategoryKey } {
  const found = BUSINESS_CATEGORIES.find((c) => c.key === key);
  if (!found) throw new Error(`unknown business category ${key}`);
  return found;
}

/** The words a product's screens show: one domain per family of business software. */
export type BusinessDomain = 'sales' | 'operations' | 'people' | 'data' | 'engineering' | 'work';

type DomainCopy = { vocab: readonly string[]; lines: readonly string[]; sentences: readonly string[] };

export const BUSINESS_COPY: Record<BusinessDomain, { en: DomainCopy; zh: DomainCopy }> = {
  sales: {
    en: {
      vocab: ['Leads', 'Deals', 'Accounts', 'Pipeline', 'Quotes', 'Renewals', 'Campaigns', 'Contacts'],
      lines: ['Follow up on Friday', 'Moved to Negotiation', 'Quote sent to buyer', 'Renewal due in 14 days', 'Owner: Mia Chen', 'Opened the proposal twice', 'Added from the web form', 'Call booked for 10:30'],
      sentences: [
        'Deals that have not moved for a week are flagged for their owner.',
        'Every e-mail and call is logged on the account automatically.',
        'Forecasts update as soon as a deal changes stage.',
      ],
    },
    zh: {
      vocab: ['线索', '商机', '客户', '销售漏斗', '报价单', '续约', '营销活动', '联系人'],
      lines: ['周五前跟进', '已进入商务谈判', '报价单已发送', '14 天后到期续约', '负责人：陈米娅', '客户已查看方案 2 次', '来自官网表单', '明早 10:30 电话沟通'],
      sentences: ['超过 7 天未推进的商机会提醒负责人跟进。', '每一封邮件和每一通电话都自动记录到客户名下。', '商机阶段一变，销售预测随即更新。'],
    },
  },
  operations: {
    en: {
      vocab: ['Purchase orders', 'Invoices', 'Inventory', 'Suppliers', 'Expenses', 'Warehouses', 'Budgets', 'Payments'],
      lines: ['Awaiting approval', 'Paid on 12 Nov', '3 items below reorder level', 'Due in 5 days', 'Matched to PO-2291', 'Received at Warehouse B', 'Over budget by 4%', 'Synced with the bank'],
      sentences: [
        'Purchase orders over the limit go to a manager before they are sent.',
        'Stock levels update the moment goods are received or shipped.',
        'Invoices are matched to orders and receipts automatically.',
      ],
    },
    zh: {
      vocab: ['采购订单', '发票', '库存', '供应商', '费用报销', '仓库', '预算', '付款'],
      lines: ['待审批', '11月12日已付款', '3 种物料低于安全库存', '5 天后到期', '已匹配采购单 PO-2291', '已入库 B 仓', '超出预算 4%', '已与银行流水对账'],
      sentences: ['超过额度的采购单需经主管审批后才能发出。', '货物入库或出库后，库存数量实时更新。', '发票会自动与订单和入库单三单匹配。'],
    },
  },
  people: {
    en: {
      vocab: ['Employees', 'Time off', 'Payroll', 'Attendance', 'Hiring', 'Reviews', 'Shifts', 'Teams'],
      lines: ['Annual leave, 3 days', 'Clocked in at 8:57', 'Starts on 2 Dec', 'Review due this week', 'Shift swap requested', 'Payslip ready', 'Interview at 14:00', 'Joined the Design team'],
      sentences: [
        'Leave requests go to the team lead and are added to the calendar once approved.',
        'Payroll runs on the 25th, with every payslip sent the same day.',
        'New hires get their checklist, laptop and accounts before day one.',
      ],
    },
    zh: {
      vocab: ['员工', '请假', '薪酬', '考勤', '招聘', '绩效', '排班', '部门'],
      lines: ['年假 3 天', '8:57 已打卡', '12月2日入职', '本周需完成绩效自评', '申请换班', '工资条已生成', '14:00 面试', '已加入设计部'],
      sentences: ['请假申请提交给直属主管，审批通过后自动同步到日历。', '每月 25 日发薪，工资条同日推送给每位员工。', '新员工入职前即可收到入职清单、电脑和账号。'],
    },
  },
  data: {
    en: {
      vocab: ['Revenue', 'Active users', 'Conversion', 'Retention', 'Sessions', 'Churn', 'Orders', 'Traffic'],
      lines: ['Up 12% on last week', 'Segment: new users', 'Updated 5 min ago', 'Goal: 4.5%', 'Shared with Finance', 'Anomaly on Tuesday', 'Cohort of October', 'Exported as CSV'],
      sentences: [
        'Build a chart from any event and pin it to a team dashboard.',
        'Alerts fire when a metric moves outside its usual range.',
        'Every report can be scheduled and sent as a PDF on Monday mornings.',
      ],
    },
    zh: {
      vocab: ['营收', '活跃用户', '转化率', '留存率', '访问次数', '流失率', '订单量', '流量'],
      lines: ['环比上周 +12%', '分群：新用户', '5 分钟前更新', '目标：4.5%', '已共享给财务部', '周二出现异常波动', '十月同期群', '已导出 CSV'],
      sentences: ['任意事件都能生成图表，并固定到团队看板。', '指标超出正常区间时自动告警。', '每份报表都可定时生成，周一早上以 PDF 发送。'],
    },
  },
  engineering: {
    en: {
      vocab: ['Deploys', 'Services', 'Incidents', 'Alerts', 'Clusters', 'Pipelines', 'Audit log', 'Access keys'],
      lines: ['Deployed to production', 'p95 latency 182 ms', 'Acknowledged by Sam', 'Build 4821 passed', 'Rolled back in 2 min', 'CPU at 64%', '3 nodes healthy', 'Key rotated today'],
      sentences: [
        'Every deploy is linked to its commit, its reviewer and its rollback.',
        'On-call engineers are paged when an alert stays open for five minutes.',
        'Roles decide who can read logs, change settings or manage keys.',
      ],
    },
    zh: {
      vocab: ['发布', '服务', '故障', '告警', '集群', '流水线', '操作日志', '访问密钥'],
      lines: ['已发布到生产环境', 'P95 延迟 182 毫秒', '李思远已认领', '构建 4821 通过', '2 分钟内完成回滚', 'CPU 使用率 64%', '3 个节点正常', '密钥今日已轮换'],
      sentences: ['每次发布都关联提交记录、评审人和回滚方案。', '告警持续 5 分钟未处理时，自动电话通知值班工程师。', '按角色控制谁能查看日志、修改配置或管理密钥。'],
    },
  },
  work: {
    en: {
      vocab: ['Tasks', 'Projects', 'Milestones', 'Docs', 'Sprints', 'Meetings', 'Tickets', 'Roadmap'],
      lines: ['Due tomorrow', 'Assigned to Lena', 'In review', '5 of 8 done', 'Blocked by design', 'Moved to Sprint 14', 'Customer replied', 'Comment from Noah'],
      sentences: [
        'Drag a card across the board and everyone sees the change at once.',
        'Tickets from e-mail, chat and the web form land in one shared inbox.',
        'Milestones roll up the progress of every task beneath them.',
      ],
    },
    zh: {
      vocab: ['任务', '项目', '里程碑', '文档', '迭代', '会议', '工单', '路线图'],
      lines: ['明天截止', '已指派给张雨桐', '评审中', '已完成 5/8', '等待设计稿', '已移入第 14 迭代', '客户已回复', '刘一鸣发表了评论'],
      sentences: ['把卡片拖到下一列，所有人立刻看到进度变化。', '来自邮件、聊天和官网表单的工单都进入同一个收件箱。', '里程碑自动汇总其下所有任务的进度。'],
    },
  },
};

export type BusinessProductSeed = {
  name: string;
  /** Web software (`business`) or a phone app (`business-app`). */
  kind: 'business' | 'business-app';
  categories: readonly BusinessCategoryKey[];
  domain: BusinessDomain;
  brief: string;
  /** Simplified and Traditional Chinese [name, brief]. */
  cn: readonly [string, string];
  tw: readonly [string, string];
  /** Chinese enterprise software: its interface is drawn in Simplified Chinese. */
  chineseMarket: boolean;
};

export const BUSINESS_PRODUCTS: readonly BusinessProductSeed[] = [
  // ---- web
  { name: 'Pipewise', kind: 'business', categories: ['crm', 'dashboards'], domain: 'sales', chineseMarket: false,
    brief: 'A sales CRM with deal stages, forecasts and follow-up reminders.',
    cn: ['管道通', '带商机阶段、销售预测和跟进提醒的销售 CRM。'], tw: ['管道通', '具備商機階段、銷售預測與跟進提醒的銷售 CRM。'] },
  { name: 'Kelaiyun', kind: 'business', categories: ['crm', 'marketing'], domain: 'sales', chineseMarket: true,
    brief: 'Customer management for Chinese sales teams: leads, visits and contracts in one place.',
    cn: ['客来云', '面向销售团队的客户管理：线索、拜访与合同一站搞定。'], tw: ['客來雲', '為業務團隊打造的客戶管理：名單、拜訪與合約一站搞定。'] },
  { name: 'Stockroom', kind: 'business', categories: ['erp'], domain: 'operations', chineseMarket: false,
    brief: 'Inventory, purchasing and orders for growing wholesale businesses.',
    cn: ['库房', '为成长中的批发企业管理库存、采购与订单。'], tw: ['庫房', '為成長中的批發企業管理庫存、採購與訂單。'] },
  { name: 'Jinghe', kind: 'business', categories: ['erp', 'finance'], domain: 'operations', chineseMarket: true,
    brief: 'An ERP for mid-sized manufacturers: purchasing, warehouses, production and accounts.',
    cn: ['晶禾 ERP', '面向中型制造企业的 ERP：采购、仓储、生产与财务一体化。'], tw: ['晶禾 ERP', '為中型製造業打造的 ERP：採購、倉儲、生產與財務整合。'] },
  { name: 'Metricly', kind: 'business', categories: ['analytics', 'dashboards'], domain: 'data', chineseMarket: false,
    brief: 'Product analytics with funnels, cohorts and shareable dashboards.',
    cn: ['度量仪', '漏斗、同期群和可分享看板的产品分析工具。'], tw: ['度量儀', '漏斗、同期群與可分享看板的產品分析工具。'] },
  { name: 'Shuce', kind: 'business', categories: ['analytics', 'dashboards'], domain: 'data', chineseMarket: true,
    brief: 'A BI platform for business teams: drag-and-drop reports and big-screen dashboards.',
    cn: ['数策 BI', '面向业务团队的 BI 平台：拖拽式报表与数据大屏。'], tw: ['數策 BI', '為業務團隊打造的 BI 平台：拖放式報表與數據大螢幕。'] },
  { name: 'Peoplebase', kind: 'business', categories: ['hr'], domain: 'people', chineseMarket: false,
    brief: 'An HR system for employee records, time off and performance reviews.',
    cn: ['人员库', '管理员工档案、请假与绩效评估的人力资源系统。'], tw: ['人員庫', '管理員工檔案、請假與績效考核的人資系統。'] },
  { name: 'Renhe', kind: 'business', categories: ['hr', 'collaboration'], domain: 'people', chineseMarket: true,
    brief: 'HR SaaS for Chinese companies: attendance, payroll, social insurance and hiring.',
    cn: ['人和 HR', '一体化人力资源 SaaS：考勤、薪酬、社保与招聘。'], tw: ['人和 HR', '一站式人資 SaaS：出勤、薪資、勞健保與招募。'] },
  { name: 'Tallyhouse', kind: 'business', categories: ['finance'], domain: 'operations', chineseMarket: false,
    brief: 'Accounts payable and receivable with bank matching and month-end close.',
    cn: ['账房', '应收应付、银行对账与月末结账。'], tw: ['帳房', '應收應付、銀行對帳與月底結帳。'] },
  { name: 'Caiyun', kind: 'business', categories: ['finance', 'admin'], domain: 'operations', chineseMarket: true,
    brief: 'Expense control for enterprises: budgets, reimbursements and e-invoices checked automatically.',
    cn: ['财云费控', '企业费控：预算管控、报销审批与电子发票自动查验。'], tw: ['財雲費控', '企業費用管控：預算控管、報帳簽核與電子發票自動驗證。'] },
  { name: 'Sprintboard', kind: 'business', categories: ['projects', 'collaboration'], domain: 'work', chineseMarket: false,
    brief: 'Boards, sprints and roadmaps for product teams.',
    cn: ['冲刺板', '面向产品团队的看板、迭代与路线图。'], tw: ['衝刺板', '為產品團隊打造的看板、衝刺與路線圖。'] },
  { name: 'Tongbu', kind: 'business', categories: ['projects', 'collaboration'], domain: 'work', chineseMarket: true,
    brief: 'Project collaboration for R&D teams: requirements, iterations and test cases.',
    cn: ['同步协作', '研发团队的项目协作：需求、迭代与测试用例。'], tw: ['同步協作', '研發團隊的專案協作：需求、迭代與測試案例。'] },
  { name: 'Helpline', kind: 'business', categories: ['support'], domain: 'work', chineseMarket: false,
    brief: 'A shared inbox for support tickets from e-mail, chat and the web.',
    cn: ['帮助线', '汇集邮件、聊天与网页工单的共享收件箱。'], tw: ['幫助線', '彙整郵件、聊天與網頁工單的共用收件匣。'] },
  { name: 'Campaignly', kind: 'business', categories: ['marketing', 'analytics'], domain: 'sales', chineseMarket: false,
    brief: 'Plan e-mail campaigns, segment audiences and measure every send.',
    cn: ['营销台', '规划邮件营销、圈选人群并衡量每一次发送。'], tw: ['行銷台', '規劃電子報行銷、分眾並衡量每一次寄送。'] },
  { name: 'Shipyard', kind: 'business', categories: ['devops'], domain: 'engineering', chineseMarket: false,
    brief: 'Deploy pipelines, environments and rollbacks for engineering teams.',
    cn: ['船坞', '面向工程团队的发布流水线、环境与回滚。'], tw: ['船塢', '為工程團隊打造的部署流程、環境與回滾。'] },
  { name: 'Yunwei', kind: 'business', categories: ['devops', 'admin'], domain: 'engineering', chineseMarket: true,
    brief: 'Cloud operations console: hosts, monitoring, alerts and on-call rotas.',
    cn: ['云维控制台', '云上运维控制台：主机、监控、告警与值班排班。'], tw: ['雲維主控台', '雲端維運主控台：主機、監控、告警與值班排程。'] },
  { name: 'Consolekit', kind: 'business', categories: ['admin', 'dashboards'], domain: 'engineering', chineseMarket: false,
    brief: 'An admin console for users, roles, permissions and audit logs.',
    cn: ['控制台套件', '管理用户、角色、权限与操作日志的后台。'], tw: ['主控台套件', '管理使用者、角色、權限與稽核紀錄的後台。'] },
  // ---- phone
  { name: 'Fieldnote', kind: 'business-app', categories: ['crm'], domain: 'sales', chineseMarket: false,
    brief: 'Field sales on the go: visits, notes and orders from the customer’s door.',
    cn: ['外勤记', '外勤销售随身工具：拜访、笔记与现场下单。'], tw: ['外勤記', '外勤業務隨身工具：拜訪、筆記與現場下單。'] },
  { name: 'Dingban', kind: 'business-app', categories: ['collaboration', 'hr'], domain: 'people', chineseMarket: true,
    brief: 'The office in your pocket: clock-in, approvals, announcements and team chat.',
    cn: ['叮办', '掌上办公：打卡、审批、公告与团队沟通。'], tw: ['叮辦', '掌上辦公：打卡、簽核、公告與團隊溝通。'] },
  { name: 'Shiftly', kind: 'business-app', categories: ['hr'], domain: 'people', chineseMarket: false,
    brief: 'Shift schedules, swaps and timesheets for hourly teams.',
    cn: ['排班易', '面向小时工团队的排班、换班与工时表。'], tw: ['排班易', '為時薪團隊打造的排班、換班與工時表。'] },
  { name: 'Baoxiaotong', kind: 'business-app', categories: ['finance'], domain: 'operations', chineseMarket: true,
    brief: 'Snap a receipt, file the expense and follow its approval from your phone.',
    cn: ['报销通', '拍票据、提报销，手机上随时查看审批进度。'], tw: ['報帳通', '拍收據、送報帳，手機上隨時查看簽核進度。'] },
  { name: 'Pulseboard', kind: 'business-app', categories: ['dashboards', 'analytics'], domain: 'data', chineseMarket: false,
    brief: 'Your company’s key numbers on one phone screen, with alerts when they move.',
    cn: ['脉搏看板', '公司关键指标尽在手机一屏，波动即提醒。'], tw: ['脈搏看板', '公司關鍵指標盡在手機一屏，波動即通知。'] },
  { name: 'Xundian', kind: 'business-app', categories: ['admin', 'collaboration'], domain: 'work', chineseMarket: true,
    brief: 'Store inspections for retail chains: checklists, photos and follow-up tasks.',
    cn: ['巡店宝', '连锁门店巡检：检查清单、现场拍照与整改任务。'], tw: ['巡店寶', '連鎖門市巡檢：檢查清單、現場拍照與改善任務。'] },
  { name: 'Pagerly', kind: 'business-app', categories: ['devops'], domain: 'engineering', chineseMarket: false,
    brief: 'On-call alerts, incident timelines and handovers for engineers.',
    cn: ['值班呼', '为工程师提供值班告警、故障时间线与交接。'], tw: ['值班呼', '為工程師提供值班告警、事件時間軸與交接。'] },
];
