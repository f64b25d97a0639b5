import type { ListCategoryKey } from './data/categories';

/**
 * The words drawn into the demo screens: for each list category, short lines (list rows, captions)
 * and sentences (body copy) of that domain, in English and, for the categories of the
 * Chinese-market demo items, in Simplified Chinese; and the interface's own strings (buttons,
 * titles, settings) in both languages. Latin copy keeps to ASCII and the marks DejaVu Sans has.
 */
export type Lang = 'en' | 'zh';

export type Copy = {
  lang: Lang;
  /** Short words of the domain, for titles, chips and list rows. */
  vocab: readonly string[];
  /** Short lines: captions under titles, secondary lines of list rows. */
  lines: readonly string[];
  /** Whole sentences of body copy. */
  sentences: readonly string[];
  people: readonly string[];
  /** Currency sign before prices. */
  currency: string;
};

type Domain = { vocab: readonly string[]; lines: readonly string[]; sentences: readonly string[] };

const EN: Record<ListCategoryKey, Domain> = {
  finance: {
    vocab: ['Groceries', 'Salary', 'Rent', 'Savings goal', 'Dining out', 'Transport', 'Utilities', 'Coffee'],
    lines: ['Paid with Visa 4021', 'Monthly budget on track', 'Next payment on 3 Dec', 'Round-up saved $2.40', 'Shared with Mia', 'Auto-sorted as Food', 'Interest paid this month', 'Spent 12% less than October'],
    sentences: [
      'Your spending is 8% lower than last month, mostly thanks to fewer meals out.',
      'Set a goal and we will move a little money aside every Friday.',
      'Every purchase is sorted into a category as soon as it clears.',
      'Freeze your card in one tap if it goes missing, and unfreeze it just as fast.',
      'Bills due this week are listed first so nothing catches you by surprise.',
    ],
  },
  social: {
    vocab: ['Weekend plans', 'Book club', 'Photo walk', 'Game night', 'Birthday', 'Road trip', 'Brunch', 'Hiking crew'],
    lines: ['3 friends are going', 'Shared a new photo', 'Voted for Saturday', 'Replied to your note', 'Started a new thread', 'Liked by Sam and 12 others', 'Added 8 photos to the album', 'Invited you to a group'],
    sentences: [
      'Plans are easier when everyone can vote on the time and the place.',
      'Only the people you invite can see what you share here.',
      'Leave a voice note when typing takes too long.',
      'Catch up on what your friends shared while you were away.',
      'Pin the threads that matter so they stay at the top.',
    ],
  },
  shopping: {
    vocab: ['Linen shirt', 'Desk lamp', 'Ceramic mug', 'Sneakers', 'Tote bag', 'Wool scarf', 'Plant pot', 'Headphones'],
    lines: ['Free delivery tomorrow', 'Only 3 left in stock', 'Price dropped by 15%', 'Arrives Thursday', 'Made by a local studio', 'Back in stock', 'Ships in 2 days', 'Rated 4.8 by 320 buyers'],
    sentences: [
      'Soft washed linen that gets better with every wash, cut for a relaxed fit.',
      'Order before 6 pm and it leaves our warehouse the same day.',
      'Returns are free within 30 days, no questions asked.',
      'Save items to your wishlist and we will tell you when the price drops.',
      'Each piece is made in small batches by independent makers.',
    ],
  },
  travel: {
    vocab: ['Kyoto', 'Lisbon', 'Taipei', 'Reykjavik', 'Chengdu', 'Cape Town', 'Hoi An', 'Vancouver'],
    lines: ['2 nights, 12 to 14 Dec', 'Direct flight, 3h 40m', 'Free cancellation', 'Platform 4, on time', 'Breakfast included', '15 min walk to the old town', 'Window seat 21A', 'Check-in from 3 pm'],
    sentences: [
      'A quiet guesthouse near the river, five minutes from the night market.',
      'Prices shown include taxes and fees for the whole stay.',
      'Download the city guide to use walking routes without a connection.',
      'Fares are cheapest midweek: green days on the calendar save the most.',
      'We will let you know if your train is delayed or changes platform.',
    ],
  },
  health: {
    vocab: ['Morning run', 'Yoga flow', 'Core workout', 'Sleep', 'Water', 'Cycling', 'Stretching', 'Heart rate'],
    lines: ['5.2 km at 5:40 /km', '7h 32m of sleep', '1.6 of 2 L today', '20 min, beginner', 'Resting heart rate 58', 'Streak: 12 days', 'Recovery looks good', 'Next: 3 x 12 squats'],
    sentences: [
      'Take a slow breath in for four counts and out for six.',
      'Your plan adapts to how you felt after each run.',
      'A short walk after lunch helps you sleep better at night.',
      'You have been more active this week than the last three.',
      'Rest days are part of the plan: your muscles grow while you recover.',
    ],
  },
  education: {
    vocab: ['Algebra', 'Vocabulary', 'World history', 'Chemistry', 'Essay writing', 'Grammar', 'Geometry', 'Biology'],
    lines: ['Lesson 4 of 12', '15 new words today', 'Quiz score 8 / 10', 'Due Friday', '12 min left', 'Review 20 cards', 'Unit 3: Fractions', 'Study group at 7 pm'],
    sentences: [
      'Short lessons every day beat long ones once a week.',
      'Words you miss come back sooner, words you know come back later.',
      'Work through each step, then check your answer against the worked solution.',
      'Join a study room to keep each other company while you focus.',
      'Your progress is saved, so you can pick up where you left off.',
    ],
  },
  productivity: {
    vocab: ['Weekly review', 'Project plan', 'Inbox zero', 'Design sync', 'Roadmap', 'Reading list', 'Meeting notes', 'Focus time'],
    lines: ['Due today at 5 pm', '3 of 8 tasks done', 'Edited 10 min ago', 'Assigned to Lena', 'Linked to 4 notes', '25 min focus session', 'Moved to In review', 'Repeats every Monday'],
    sentences: [
      'Plan your week on Monday and review it on Friday.',
      'Drag a task onto the calendar to block time for it.',
      'Notes link to each other as you write, so ideas find their neighbours.',
      'Turn on focus mode to silence everything but the current task.',
      'Scanned documents become searchable text within seconds.',
    ],
  },
  food: {
    vocab: ['Pasta night', 'Flat white', 'Ramen', 'Green salad', 'Sourdough', 'Dumplings', 'Cold brew', 'Tacos'],
    lines: ['25 to 35 min', 'Free delivery', 'Serves 4, 30 min', 'Vegetarian', 'Rated 4.7 (900+)', 'Uses 5 things you have', 'Brew ratio 1:16', 'Picked up by courier'],
    sentences: [
      'Simmer the tomatoes with garlic and olive oil until thick and glossy.',
      'Your order is being prepared and will leave the kitchen soon.',
      'Add what is in your fridge and we will suggest what to cook tonight.',
      'This week the box has kale, carrots, new potatoes and pears.',
      'Grind medium-fine and pour slowly in three stages.',
    ],
  },
  entertainment: {
    vocab: ['Tonight', 'Top picks', 'Comedy', 'Drama', 'Live shows', 'Trailers', 'Festival', 'Classics'],
    lines: ['2h 08m, 2024', 'Season 2, episode 5', 'Sat 14 Dec, 8 pm', 'Row F, seats 12 and 13', 'New episode every Friday', 'Puzzle 214 of the day', 'Because you liked Drama', 'Only 40 tickets left'],
    sentences: [
      'A quiet drama about two sisters who reopen their family cinema.',
      'Swipe right on what you want to watch and see what you both picked.',
      'Choose your seats from the live plan of the hall.',
      'A new puzzle every morning, no adverts and no timer.',
      'Continue the story from where your commute ended yesterday.',
    ],
  },
  music: {
    vocab: ['Daily mix', 'Lo-fi beats', 'Jazz piano', 'Indie folk', 'Live session', 'Acoustic', 'Episode 42', 'Focus sounds'],
    lines: ['24 songs, 1h 32m', 'New episode, 48 min', 'Updated every Monday', 'Played 3 times today', 'Tuned to E standard', 'Chapter 3 of 7', 'Recorded live in Oslo', 'Added to your library'],
    sentences: [
      'Fresh songs picked by people, not only by algorithms, every week.',
      'Pick up the episode where you stopped, on any device.',
      'Hum the tune and we will write it down as notes.',
      'A calm mix for reading, cooking or a long train ride.',
      'Download for offline listening before you travel.',
    ],
  },
  news: {
    vocab: ['Top stories', 'Climate', 'Markets', 'Science', 'Local', 'Opinion', 'Technology', 'Culture'],
    lines: ['5 min read', 'Updated 20 min ago', 'From your sources', 'Council meeting today', 'Explained in 3 points', 'Editor\'s pick', 'Listen in 4 min', 'Most read this morning'],
    sentences: [
      'The city will add 40 km of protected bike lanes over the next two years.',
      'Markets closed slightly higher after a quiet week of trading.',
      'Researchers found a new way to store solar power for longer.',
      'Here is what changed, why it matters and what happens next.',
      'Five short stories to start your day, and nothing more.',
    ],
  },
  photo: {
    vocab: ['Golden hour', 'Portraits', 'Street', 'Film grain', 'Timelapse', 'Highlights', 'Albums', 'Presets'],
    lines: ['48 photos, 3 videos', 'Shot at f/1.8, 1/250', 'Shared by 6 guests', 'Edited with Warm 02', 'Exported in 4K', 'Grid: rule of thirds', 'Added yesterday', 'Synced to the cloud'],
    sentences: [
      'Turn on the grid and place your subject on one of the lines.',
      'Every guest adds photos to the same album, no app needed.',
      'Grain is added per frame, just like a real roll of film.',
      'Captions are written on your phone and never leave it.',
      'Drag the slider to compare the edit with the original.',
    ],
  },
  lifestyle: {
    vocab: ['Monstera', 'Morning routine', 'Journal', 'Outfits', 'Home reset', 'Dog walk', 'Mood', 'Weekend'],
    lines: ['Water in 2 days', 'Bright, indirect light', 'Feeling calm today', 'Walk: 42 min', 'Vet visit on 9 Dec', '6 outfits planned', 'Logged 5 days in a row', 'Next reminder at 8 am'],
    sentences: [
      'Water when the top two centimetres of soil feel dry.',
      'Write one line a day and look back on your week every Sunday.',
      'Mix the pieces you already own into outfits for the week ahead.',
      'Keep vaccination dates and walks in one place.',
      'Small resets each evening keep the weekend free.',
    ],
  },
  business: {
    vocab: ['Invoices', 'Clients', 'Payroll', 'Leads', 'Shifts', 'Expenses', 'Proposals', 'Quarterly'],
    lines: ['Invoice #1042 paid', 'Overdue by 5 days', 'Shift 9:00 to 17:00', 'Follow up on Tuesday', 'Room 3B is free', '12 open proposals', 'Paid on 28 Nov', 'Swap requested by Omar'],
    sentences: [
      'Send polite reminders automatically when an invoice is late.',
      'Staff can swap shifts with each other, you only approve.',
      'Keep every client conversation and deal in one timeline.',
      'Book a desk for tomorrow and see who else is in the office.',
      'Export the quarter for your accountant in one click.',
    ],
  },
  developer: {
    vocab: ['Deploys', 'Pull requests', 'Error rate', 'Latency', 'Incidents', 'Logs', 'API keys', 'Builds'],
    lines: ['main, 4 commits ahead', 'p95 latency 182 ms', 'Build passed in 2m 14s', 'Deployed to production', '3 checks failing', '99.98% uptime', 'Review requested', 'Resolved 12 min ago'],
    sentences: [
      'Follow the logs of every service live, filtered by level.',
      'We check your endpoints every minute from five regions.',
      'Preview links are created for every pull request.',
      'Roll back to the previous deploy with one click.',
      'Incidents get a public timeline your customers can follow.',
    ],
  },
};

const ZH: Partial<Record<ListCategoryKey, Domain>> = {
  finance: {
    vocab: ['日常买菜', '工资收入', '房租', '储蓄目标', '外出就餐', '交通出行', '水电燃气', '咖啡'],
    lines: ['招商银行卡支付', '本月预算控制良好', '下次还款 12月3日', '零钱凑整存入 2.40 元', '与米娅共享', '已自动归入餐饮', '本月利息已到账', '比十月少花 12%'],
    sentences: ['本月支出比上月低 8%，主要是外出吃饭少了。', '设定目标后，我们会在每周五自动存下一小笔钱。', '每一笔消费入账后都会立即自动分类。', '银行卡丢失时一键冻结，找到后同样一键解冻。', '本周到期的账单排在最前面，不再错过还款。'],
  },
  social: {
    vocab: ['周末计划', '读书会', '城市漫步', '桌游之夜', '生日聚会', '自驾旅行', '早午餐', '徒步小队'],
    lines: ['3 位好友会参加', '分享了一张新照片', '投票选了周六', '回复了你的留言', '发起了新话题', '山姆等 12 人点赞', '向相册添加了 8 张照片', '邀请你加入群组'],
    sentences: ['大家一起投票选时间和地点，约局更轻松。', '只有你邀请的人才能看到你在这里分享的内容。', '懒得打字时，就留一条语音吧。', '看看你不在时好友们都分享了什么。', '把重要的话题置顶，随时都能找到。'],
  },
  shopping: {
    vocab: ['亚麻衬衫', '台灯', '陶瓷马克杯', '运动鞋', '帆布包', '羊毛围巾', '花盆', '头戴耳机'],
    lines: ['明天免费送达', '仅剩 3 件', '降价 15%', '预计周四送达', '本地工作室出品', '已补货', '2 天内发货', '320 位买家评分 4.8'],
    sentences: ['柔软水洗亚麻，越洗越舒服，宽松版型。', '晚上 6 点前下单，当天从仓库发出。', '30 天内免费退货，无需理由。', '加入心愿单，降价时第一时间通知你。', '每一件都由独立手作人小批量制作。'],
  },
  travel: {
    vocab: ['京都', '里斯本', '台北', '成都', '大理', '厦门', '会安', '温哥华'],
    lines: ['12月12日至14日，共 2 晚', '直飞，3 小时 40 分', '可免费取消', '4 号站台，准点', '含早餐', '步行 15 分钟到古城', '靠窗座位 21A', '下午 3 点后入住'],
    sentences: ['河边一家安静的民宿，步行五分钟就到夜市。', '显示价格已包含整个住宿期间的税费。', '下载城市指南，没有网络也能使用步行路线。', '周中出发最便宜：日历上绿色的日子最省钱。', '列车晚点或更换站台时，我们会第一时间提醒你。'],
  },
  health: {
    vocab: ['晨跑', '瑜伽', '核心训练', '睡眠', '喝水', '骑行', '拉伸', '心率'],
    lines: ['5.2 公里，配速 5:40', '睡眠 7 小时 32 分', '今日已喝 1.6 / 2 升', '20 分钟，入门', '静息心率 58', '已连续 12 天', '恢复状态良好', '下一组：深蹲 3 x 12'],
    sentences: ['慢慢吸气数到四，再慢慢呼气数到六。', '计划会根据你每次跑完的感受自动调整。', '午饭后散步一会儿，晚上更容易入睡。', '这一周你比前三周都更活跃。', '休息日也是计划的一部分，肌肉在恢复时成长。'],
  },
  education: {
    vocab: ['汉字书写', '词汇', '古诗词', '代数', '作文', '语法', '几何', '生物'],
    lines: ['第 4 课，共 12 课', '今天学 15 个新字', '测验得分 8 / 10', '周五截止', '还剩 12 分钟', '复习 20 张卡片', '第三单元：分数', '晚上 7 点小组自习'],
    sentences: ['每天学一点，比每周学一次更有效。', '写错的字会更早再出现，写对的字会晚些复习。', '按笔顺一笔一画书写，再和范字对比。', '加入自习室，和大家一起专注学习。', '学习进度会自动保存，随时接着学。'],
  },
  food: {
    vocab: ['番茄意面', '拿铁', '拉面', '轻食沙拉', '生煎包', '饺子', '冷萃咖啡', '麻辣烫'],
    lines: ['25 至 35 分钟', '免配送费', '4 人份，30 分钟', '素食', '评分 4.7（900+）', '用上冰箱里的 5 样食材', '粉水比 1:16', '骑手已取餐'],
    sentences: ['番茄加蒜和橄榄油小火慢炖，直到浓稠发亮。', '商家正在备餐，很快就会出餐。', '告诉我们冰箱里有什么，推荐你今晚做什么菜。', '本周菜箱有羽衣甘蓝、胡萝卜、新土豆和梨。', '中细研磨，分三段慢慢注水。'],
  },
  news: {
    vocab: ['要闻', '气候', '财经', '科技', '本地', '评论', '文化', '体育'],
    lines: ['阅读约 5 分钟', '20 分钟前更新', '来自你关注的媒体', '今日市议会会议', '三点看懂', '编辑推荐', '收听 4 分钟', '今晨最多人读'],
    sentences: ['未来两年，市区将新增 40 公里隔离式自行车道。', '本周交易平淡，股市收盘小幅走高。', '研究人员找到了更长时间储存太阳能的新方法。', '发生了什么、为什么重要、接下来会怎样。', '每天早上五条短新闻，仅此而已。'],
  },
  photo: {
    vocab: ['黄金时刻', '人像', '街拍', '胶片颗粒', '延时摄影', '精选', '相册', '滤镜'],
    lines: ['48 张照片，3 段视频', 'f/1.8，1/250 秒', '6 位来宾共享', '使用「暖调 02」编辑', '已导出 4K', '九宫格构图', '昨天添加', '已同步到云端'],
    sentences: ['打开网格，把主体放在其中一条线上。', '每位来宾都能往同一个相册里添加照片。', '颗粒逐帧添加，就像真正的胶卷。', '字幕在手机上生成，不会上传。', '拖动滑块，对比修图前后的效果。'],
  },
  lifestyle: {
    vocab: ['龟背竹', '晨间习惯', '日记', '穿搭', '居家整理', '遛狗', '心情', '周末'],
    lines: ['2 天后浇水', '明亮散射光', '今天心情平静', '散步 42 分钟', '12月9日看兽医', '已搭配 6 套', '连续记录 5 天', '下次提醒 早上 8 点'],
    sentences: ['表层两厘米的土摸起来干了再浇水。', '每天写一句话，每周日回顾这一周。', '用衣橱里已有的单品，搭出下周的穿搭。', '疫苗日期和散步记录都放在一个地方。', '每晚做一点小整理，周末就能完全放松。'],
  },
};

const PEOPLE_EN = ['Alex Morgan', 'Mia Chen', 'Sam Rivera', 'Lena Park', 'Noah Patel', 'Ivy Laurent', 'Omar Haddad', 'Yuki Sato'];
const PEOPLE_ZH = ['陈米娅', '王子涵', '李思远', '张雨桐', '刘一鸣', '赵可欣', '林书豪', '周小舟'];

/** Whether the demo has Chinese copy for a list category. */
export function hasChineseCopy(category: ListCategoryKey): boolean {
  return ZH[category] !== undefined;
}

export function copyFor(category: ListCategoryKey, lang: Lang): Copy {
  const zh = lang === 'zh' ? ZH[category] : undefined;
  if (zh) return { lang, ...zh, people: PEOPLE_ZH, currency: '\u00a5' };
  return { lang: 'en', ...EN[category], people: PEOPLE_EN, currency: '$' };
}

/** The interface strings of the mock screens in Simplified Chinese, by their English text. */
const UI_ZH: Readonly<Record<string, string>> = {
  // chrome
  Explore: '发现', Features: '功能', Pricing: '价格', Stories: '案例', Help: '帮助',
  // login
  'Create your account': '创建账号', 'Welcome back': '欢迎回来', 'Sign in to continue': '登录以继续', 'Good to see you again': '很高兴再次见到你',
  Name: '昵称', Email: '邮箱', Password: '密码', 'Forgot password?': '忘记密码？', 'Create account': '注册', 'Sign in': '登录', or: '或',
  'Continue with phone': '使用手机号继续', 'Use a passkey': '使用通行密钥', 'Already have an account? Sign in': '已有账号？去登录',
  'New here? Create an account': '新用户？立即注册', 'Start in seconds': '几秒钟即可开始', 'Good to see you': '很高兴见到你',
  'Free for 14 days, no card needed.': '免费试用 14 天，无需绑卡。', 'Use your email and password.': '使用邮箱和密码登录。',
  'Continue with single sign-on': '使用企业单点登录',
  // onboarding
  Skip: '跳过', 'Made for your routine': '为你的日常而设计', 'Everything in one place': '一切尽在一处', 'Stay on top of it': '轻松掌控每一天',
  'Get started': '开始使用', Continue: '继续', 'Everything you need': '你需要的一切', 'Work less, do more': '少费力，多成事',
  'Built for your team': '为团队打造', 'in one place.': '尽在一处。', 'without the clutter.': '简洁不杂乱。', 'from day one.': '从第一天起。',
  'See how it works': '了解工作原理', 'Clear insights': '清晰洞察', 'Smart reminders': '智能提醒', 'Made for teams': '团队协作',
  // home
  'Good morning': '早上好', Hello: '你好', 'Here is what is new today': '看看今天有什么新内容', Search: '搜索', Open: '查看',
  Recent: '最近', 'For you': '为你推荐', Popular: '热门', 'See all': '全部', 'this week': '本周精选',
  'Popular right now': '当下热门', 'Recommended for you': '为你推荐', 'Fresh this week': '本周上新',
  // search
  All: '全部', Nearby: '附近', New: '最新', Saved: '已收藏', guide: '指南', pick: '精选', deal: '优惠', plan: '计划', set: '套装',
  'Sort: Relevance': '排序：相关度', Filters: '筛选', Category: '分类', Price: '价格', Rating: '评分', 'Under $25': '25 元以下',
  '$25 to $100': '25 至 100 元', 'Over $100': '100 元以上', '4 and up': '4 分及以上', '3 and up': '3 分及以上',
  // detail
  'Add to cart': '加入购物车', 'Book now': '立即预订', 'Save to list': '收藏到清单', 'Start free trial': '免费试用',
  Small: '小号', Medium: '中号', Large: '大号', 'Free delivery over $50': '满 50 元免运费', 'Free returns within 30 days': '30 天无忧退货',
  Description: '商品详情', Specifications: '规格参数', Reviews: '评价', Home: '首页',
  // checkout
  Checkout: '结算', 'Order summary': '订单摘要', Total: '合计', 'Delivery address': '收货地址', 'Payments are encrypted and secure': '支付全程加密，安全可靠',
  Details: '信息', Payment: '支付', Review: '确认', 'Full name': '姓名', Address: '地址', City: '城市', Postcode: '邮编',
  'Card number': '卡号', Expiry: '有效期', 'Security code': '安全码', Subtotal: '小计', Shipping: '运费', Free: '免运费',
  // profile
  Posts: '动态', Followers: '粉丝', Following: '关注', 'Edit profile': '编辑资料', Share: '分享', Tagged: '被提及', Follow: '关注',
  Designer: '设计师', Photographer: '摄影师', Traveller: '旅行者', Maker: '手作人', About: '简介', Joined: '加入时间',
  // settings
  Settings: '设置', ACCOUNT: '账号', PREFERENCES: '偏好', PRIVACY: '隐私', 'Personal details': '个人信息', 'Payment methods': '支付方式',
  'Push notifications': '推送通知', 'Dark mode': '深色模式', Language: '语言', English: '简体中文', 'Weekly summary': '每周总结',
  'App lock': '应用锁', 'Contact support': '联系客服', Profile: '个人资料', Security: '安全', Billing: '账单', Notifications: '通知',
  'Save changes': '保存更改', Cancel: '取消', 'Two-step sign-in': '两步验证', 'Time zone': '时区', Appearance: '外观',
  // empty
  Favourites: '我的收藏', Library: '资料库', 'Nothing here yet': '这里还什么都没有', 'No saved items': '还没有收藏', 'Your list is empty': '清单是空的',
  'All caught up': '全部看完了', 'Create new': '新建', Browse: '去逛逛', 'Add your first': '添加第一个', 'Start your first project': '开始你的第一个项目',
  'Browse ideas': '浏览灵感', 'Import data': '导入数据', Overview: '概览', Reports: '报表',
  // chat
  'Active now': '在线', 'Today 9:41': '今天 9:41', Message: '发消息', 'Search messages': '搜索聊天记录', 'Write a message': '输入消息',
  // notifications
  Mentions: '提及', Today: '今天', Earlier: '更早', 'Mark all as read': '全部标为已读', Unread: '未读', Payments: '付款',
  Delivery: '通知方式', Push: '推送', 'Weekly digest': '每周摘要', 'Product news': '产品动态', Yesterday: '昨天',
  // dashboard
  'This week': '本周', Activity: '动态', 'By day': '按天', 'Last 30 days': '近 30 天', Trend: '趋势', 'Recent activity': '最近动态',
  Customers: '客户',
  // site sections
  'Why people choose': '为什么选择', 'What people say': '用户怎么说', 'Frequently asked questions': '常见问题', 'Ready to start?': '准备好开始了吗？',
  'Start now': '立即开始', 'Talk to us': '联系我们', Product: '产品', Company: '公司', Resources: '资源', Legal: '法律',
  'About us': '关于我们', Careers: '加入我们', Blog: '博客', Press: '媒体', Guides: '指南', Community: '社区', Status: '服务状态',
  Terms: '服务条款', Privacy: '隐私政策', Cookies: 'Cookie', 'All rights reserved.': '保留所有权利。', 'More to explore': '更多推荐',
  'In numbers': '数据一览', 'Subscribe to our newsletter': '订阅我们的通讯', Subscribe: '订阅', 'Your email': '你的邮箱',
  Account: '账号', Collections: '合集', Integrations: '集成', Likes: '喜欢', Support: '支持',
  'Manage how the app works for you.': '按你的习惯设置应用。', Related: '相关推荐', 'Customer reviews': '用户评价', 'Helpful': '有用', 'Load more': '加载更多',
};

const NOTICES_EN = ['New comment on your post', 'Payment received', 'Your order has shipped', 'Weekly summary is ready', 'Price drop on a saved item', 'Backup completed', 'Your plan renews soon', 'New sign-in detected'];
const NOTICES_ZH = ['你的动态有新评论', '已收到一笔付款', '你的订单已发货', '每周总结已生成', '收藏的商品降价了', '备份已完成', '你的会员即将续费', '检测到新的登录'];
const CHAT_EN = ['See you at 7?', 'On my way!', 'Sounds good to me', 'Can you send the photos?', 'Just booked it', 'Love this idea', 'Running 5 min late', 'Thanks, that helps'];
const CHAT_ZH = ['7 点见？', '我在路上了！', '听起来不错', '能把照片发我吗？', '刚订好了', '这个主意太棒了', '我晚到 5 分钟', '谢谢，帮大忙了'];

export function notices(lang: Lang): readonly string[] {
  return lang === 'zh' ? NOTICES_ZH : NOTICES_EN;
}

export function chatLines(lang: Lang): readonly string[] {
  return lang === 'zh' ? CHAT_ZH : CHAT_EN;
}

/** An interface string in the screen's language (English when there is no translation). */
export function uiString(lang: Lang, en: string): string {
  return lang === 'zh' ? (UI_ZH[en] ?? en) : en;
}

/** Whether an English interface string has a Chinese translation (tests check every string drawn). */
export function hasUiTranslation(en: string): boolean {
  return UI_ZH[en] !== undefined;
}
