import type { Locale } from '@shotlib/contract';
import type { ScreenKey } from './categories';

/**
 * The insight articles of the demo, in the three languages. Chinese is written as a designer in
 * mainland China or Taiwan would write it (用户/使用者, 界面/介面, 设置/設定, 字体/字型), not
 * translated word for word. HTML uses only h2, p, ul/li, strong and blockquote.
 */
export type DemoArticle = {
  publishedAt: string;
  updatedAt: string;
  /** Cover: accent hue, dark theme or not, and the two screens shown on the phones. */
  cover: { hue: number; dark: boolean; screens: readonly [ScreenKey, ScreenKey] };
  text: Record<Locale, { title: string; content: string }>;
};

export const DEMO_ARTICLES: readonly DemoArticle[] = [
  {
    publishedAt: '2026-04-14T08:00:00Z',
    updatedAt: '2026-04-18T10:30:00Z',
    cover: { hue: 262, dark: false, screens: ['onboarding', 'home'] },
    text: {
      enUS: {
        title: 'Onboarding that earns the second session',
        content: `<p>Most onboarding flows are written for the first minute and judged by the second week. The screens that ask for permissions, show three illustrated promises and push a sign-up form all happen before the person has done anything they came for. The apps in this library that keep people tend to do the opposite: they let someone reach a small, real result first, and ask for commitment afterwards.</p>
<h2>Deliver value before you ask</h2>
<p>Look at how the better finance and fitness apps handle the first run. Instead of a carousel, they open on a single question (what do you want to track?) and build the first screen from the answer. The account is created later, when there is something worth saving.</p>
<ul>
<li>Ask for a permission at the moment it is needed, with a sentence on why, not on the first launch.</li>
<li>Keep each step to one decision; progress dots promise that the flow is short, so keep the promise.</li>
<li>Offer a skip that really skips, and make the skipped step easy to find later.</li>
<li>Pre-fill what you can: the language, the region, a sensible default plan.</li>
</ul>
<blockquote>The best onboarding screen is the one the user does not notice, because they are already using the product.</blockquote>
<h2>Measure the second session, not the last step</h2>
<p>Completion rate is a tempting metric, but a flow that everybody finishes and nobody returns to has failed. Compare the Onboarding screens of apps you admire with their Home screens: the best ones make the first home screen look lived-in, filled with what the user just entered, so the product already feels like theirs.</p>`,
      },
      zhCN: {
        title: '好的新手引导，让用户愿意再打开一次',
        content: `<p>大多数新手引导只为“第一分钟”而设计，却要在“第二周”接受检验。申请权限、三张插画式的卖点页、一个注册表单——这些都发生在用户真正做成任何一件事之前。资料库里留存做得好的应用，往往反其道而行：先让用户拿到一个小而真实的结果，再请他投入更多。</p>
<h2>先给价值，再提要求</h2>
<p>看看优秀的记账和健身应用是怎么处理首次启动的。它们没有轮播图，而是只问一个问题：你想记录什么？然后用这个答案生成第一个页面。账号留到后面再创建——等到用户有了值得保存的东西。</p>
<ul>
<li>在真正需要时才申请权限，并用一句话说明原因，而不是一打开就弹窗。</li>
<li>每一步只让用户做一个决定；进度点是在承诺流程很短，就要说到做到。</li>
<li>提供真正有效的“跳过”，并让被跳过的步骤之后还能轻松找到。</li>
<li>能预填的就预填：语言、地区、一个合理的默认方案。</li>
</ul>
<blockquote>最好的引导页，是用户根本没注意到的那一页——因为他已经在用产品了。</blockquote>
<h2>看第二次打开，而不是最后一步</h2>
<p>完成率是个诱人的指标，但如果人人都走完了流程却没人再回来，这个引导就是失败的。把你欣赏的应用的“新手引导”截图和它们的首页放在一起对比：做得好的产品会让第一个首页看起来“有人住过”，里面是用户刚刚填写的数据，让人一开始就觉得这是自己的东西。</p>`,
      },
      zhTW: {
        title: '好的新手導覽，讓使用者願意再打開一次',
        content: `<p>大多數新手導覽只為「第一分鐘」而設計，卻要在「第二週」接受檢驗。要求權限、三張插畫式的賣點頁、一張註冊表單——這些都發生在使用者真正完成任何一件事之前。資料庫裡留存做得好的 App，往往反其道而行：先讓使用者拿到一個小而真實的成果，再請他投入更多。</p>
<h2>先給價值，再提要求</h2>
<p>看看優秀的記帳與健身 App 怎麼處理第一次啟動。它們沒有輪播圖，而是只問一個問題：你想記錄什麼？接著用這個答案產生第一個畫面。帳號留到後面再建立——等到使用者有了值得儲存的東西。</p>
<ul>
<li>在真正需要時才要求權限，並用一句話說明原因，而不是一開啟就跳出視窗。</li>
<li>每一步只讓使用者做一個決定；進度點是在承諾流程很短，就要說到做到。</li>
<li>提供真正有效的「略過」，並讓被略過的步驟之後還能輕鬆找到。</li>
<li>能預先填入的就預先填入：語言、地區、一個合理的預設方案。</li>
</ul>
<blockquote>最好的導覽頁，是使用者根本沒注意到的那一頁——因為他已經在用產品了。</blockquote>
<h2>看第二次開啟，而不是最後一步</h2>
<p>完成率是個誘人的指標，但如果人人都走完流程卻沒人再回來，這個導覽就是失敗的。把你欣賞的 App 的「新手導覽」截圖和它們的首頁放在一起比較：做得好的產品會讓第一個首頁看起來「有人住過」，裡面是使用者剛剛填寫的資料，讓人一開始就覺得這是自己的東西。</p>`,
      },
    },
  },
  {
    publishedAt: '2026-05-20T08:00:00Z',
    updatedAt: '2026-05-22T09:15:00Z',
    cover: { hue: 168, dark: false, screens: ['empty', 'search'] },
    text: {
      enUS: {
        title: 'Empty states are a first impression',
        content: `<p>An empty screen is often the first real screen a new user sees: no saved items, no messages, no projects. It is also the screen teams design last, usually as a grey icon and the words "No data". That is a missed opportunity, because at that moment the user is paying full attention and has no idea what to do next.</p>
<h2>Three jobs of an empty state</h2>
<ul>
<li><strong>Explain</strong> what will appear here, in the words the user would use.</li>
<li><strong>Lead on</strong> with one clear action that fills the screen, not a list of five.</li>
<li><strong>Reassure</strong> when the emptiness is good news: an empty inbox or a finished to-do list deserves a small celebration, not an apology.</li>
</ul>
<p>Tell the kinds of emptiness apart. A first-use empty state teaches; a "no results" state keeps the search term visible and suggests a broader one; an error that looks like emptiness must say it is an error, or people will believe their data is gone.</p>
<blockquote>If the empty state needs a paragraph, the feature probably needs a better default.</blockquote>
<h2>Illustration is seasoning</h2>
<p>The designs in our Empty State category that work best keep the illustration small and the button large. A picture sets the tone, but the action does the work. Sample content (a demo project, a template, a starter playlist) is often stronger than any drawing, because it shows the screen as it is meant to look.</p>`,
      },
      zhCN: {
        title: '空状态，是产品给人的第一印象',
        content: `<p>空白页面往往是新用户看到的第一个真实页面：没有收藏、没有消息、没有项目。它也常常是团队最后才设计的页面，通常就是一个灰色图标加一句“暂无数据”。这很可惜，因为此刻用户注意力最集中，却完全不知道下一步该做什么。</p>
<h2>空状态要做好三件事</h2>
<ul>
<li><strong>说明</strong>这里将会出现什么，用用户自己会说的话。</li>
<li><strong>引导</strong>一个能填满页面的明确操作，而不是罗列五个选项。</li>
<li><strong>安抚</strong>：当“空”是好消息时——比如收件箱清空、待办全部完成——值得小小庆祝一下，而不是道歉。</li>
</ul>
<p>要区分不同的“空”。首次使用的空状态负责教学；“无搜索结果”应保留搜索词，并建议更宽泛的关键词；看起来像“空”的错误必须明确说明是出错了，否则用户会以为自己的数据丢了。</p>
<blockquote>如果空状态需要一整段文字来解释，这个功能多半需要一个更好的默认值。</blockquote>
<h2>插画只是调味</h2>
<p>资料库“空状态”分类中效果最好的设计，插画都不大，按钮却足够醒目。图片负责定调，真正起作用的是操作。示例内容——一个演示项目、一个模板、一份入门歌单——往往比任何插画都更有说服力，因为它直接展示了这个页面本来应有的样子。</p>`,
      },
      zhTW: {
        title: '空狀態，是產品給人的第一印象',
        content: `<p>空白畫面往往是新使用者看到的第一個真實畫面：沒有收藏、沒有訊息、沒有專案。它也常常是團隊最後才設計的畫面，通常就是一個灰色圖示加一句「目前沒有資料」。這很可惜，因為此刻使用者注意力最集中，卻完全不知道下一步該做什麼。</p>
<h2>空狀態要做好三件事</h2>
<ul>
<li><strong>說明</strong>這裡將會出現什麼，用使用者自己會說的話。</li>
<li><strong>引導</strong>一個能填滿畫面的明確操作，而不是列出五個選項。</li>
<li><strong>安撫</strong>：當「空」是好消息時——例如收件匣清空、待辦事項全部完成——值得小小慶祝一下，而不是道歉。</li>
</ul>
<p>要區分不同的「空」。第一次使用的空狀態負責教學；「找不到搜尋結果」應保留搜尋字詞，並建議更廣泛的關鍵字；看起來像「空」的錯誤必須明確說明是出錯了，否則使用者會以為自己的資料不見了。</p>
<blockquote>如果空狀態需要一整段文字來解釋，這個功能多半需要一個更好的預設值。</blockquote>
<h2>插畫只是調味</h2>
<p>資料庫「空狀態」分類中效果最好的設計，插畫都不大，按鈕卻夠醒目。圖片負責定調，真正發揮作用的是操作。範例內容——一個示範專案、一份範本、一份入門播放清單——往往比任何插畫都更有說服力，因為它直接呈現了這個畫面本來應有的樣子。</p>`,
      },
    },
  },
  {
    publishedAt: '2026-06-25T08:00:00Z',
    updatedAt: '2026-07-02T14:00:00Z',
    cover: { hue: 32, dark: false, screens: ['checkout', 'detail'] },
    text: {
      enUS: {
        title: 'Paywalls that respect the reader',
        content: `<p>A paywall is a negotiation. The user has seen something they want, and the product asks for money to continue. The designs that convert well over time are not the loudest; they are the ones that make the deal easy to understand and easy to leave.</p>
<h2>What good paywalls have in common</h2>
<ul>
<li>The price per period in plain numbers, with the billing interval next to it, not in a footnote.</li>
<li>One plan highlighted as the recommendation, with the reason: the yearly plan works out to a few cents a day.</li>
<li>A comparison of what changes after subscribing, written as outcomes rather than feature names.</li>
<li>A visible way to close the screen, and a clear note that the subscription renews until cancelled.</li>
</ul>
<blockquote>Trust is part of the price. A hidden close button costs more in refunds and reviews than it earns in conversions.</blockquote>
<h2>Timing matters more than layout</h2>
<p>Compare paywalls shown at launch with those shown at the moment of need: when the user reaches the eleventh screenshot, tries a filter or wants to export. The second kind explains itself, because the user has just felt the limit. Show what they are missing (a blurred preview, a count of what is locked) and let them keep using the free part without nagging.</p>`,
      },
      zhCN: {
        title: '尊重用户的付费墙',
        content: `<p>付费墙本质上是一场协商：用户看到了想要的东西，产品请他付费才能继续。长期转化好的设计并不是最喧闹的，而是让交易条件一目了然、也能轻松离开的那一类。</p>
<h2>好的付费墙有哪些共同点</h2>
<ul>
<li>每个周期的价格用清楚的数字写出来，计费周期就放在旁边，而不是藏在脚注里。</li>
<li>突出一个推荐方案，并说明理由，例如年付折合每天只要几毛钱。</li>
<li>对比订阅前后的差别，写成用户能得到的结果，而不是功能名称。</li>
<li>关闭按钮清晰可见，并明确告知订阅会自动续费，直到取消为止。</li>
</ul>
<blockquote>信任本身就是价格的一部分。藏起来的关闭按钮，在退款和差评上付出的代价，远比它带来的转化多。</blockquote>
<h2>时机比布局更重要</h2>
<p>把一打开就弹出的付费墙，和在需要时才出现的付费墙对比一下：当用户翻到第十一张截图、尝试使用筛选，或想要导出时。后一种不需要多解释，因为用户刚刚亲身感受到了限制。让他看到自己错过了什么——一张模糊的预览、被锁定内容的数量——同时允许他继续使用免费部分，不要反复打扰。</p>`,
      },
      zhTW: {
        title: '尊重使用者的付費牆',
        content: `<p>付費牆本質上是一場協商：使用者看到了想要的東西，產品請他付費才能繼續。長期轉換率好的設計並不是最吵鬧的，而是讓交易條件一目了然、也能輕鬆離開的那一類。</p>
<h2>好的付費牆有哪些共同點</h2>
<ul>
<li>每個週期的價格用清楚的數字寫出來，計費週期就放在旁邊，而不是藏在註腳裡。</li>
<li>突顯一個推薦方案，並說明理由，例如年繳換算下來每天只要幾毛錢。</li>
<li>比較訂閱前後的差別，寫成使用者能得到的成果，而不是功能名稱。</li>
<li>關閉按鈕清楚可見，並明確告知訂閱會自動續訂，直到取消為止。</li>
</ul>
<blockquote>信任本身就是價格的一部分。藏起來的關閉按鈕，在退款與負評上付出的代價，遠比它帶來的轉換多。</blockquote>
<h2>時機比版面更重要</h2>
<p>把一開啟就跳出的付費牆，和在需要時才出現的付費牆比較一下：當使用者滑到第十一張截圖、嘗試使用篩選，或想要匯出時。後一種不需要多解釋，因為使用者剛剛親身感受到了限制。讓他看到自己錯過了什麼——一張模糊的預覽、被鎖定內容的數量——同時允許他繼續使用免費的部分，不要一再打擾。</p>`,
      },
    },
  },
  {
    publishedAt: '2026-08-06T08:00:00Z',
    updatedAt: '2026-08-06T08:00:00Z',
    cover: { hue: 212, dark: false, screens: ['home', 'profile'] },
    text: {
      enUS: {
        title: 'Tab bar, drawer or both? Navigation for growing apps',
        content: `<p>Every app starts with three screens and a tab bar. Two years later it has twelve features, and the question returns: where does the new one go? The answer shapes how people understand the product far more than any icon style.</p>
<h2>The tab bar is a promise of importance</h2>
<p>A bottom tab bar says: these are the places you will go every day. It works because it is always visible and within reach of a thumb. It stops working when it becomes a list of everything the company wants to promote.</p>
<ul>
<li>Keep three to five tabs, each a destination, never an action such as "Share".</li>
<li>Label every tab; icons alone are understood far less often than teams expect.</li>
<li>Preserve each tab's state, so returning to a tab returns to where the user left it.</li>
<li>Move rarely used features into a profile or "More" screen, and make search reach them.</li>
</ul>
<blockquote>Navigation is the table of contents of your product. If it needs a tutorial, the chapters are in the wrong order.</blockquote>
<h2>On the web, the sidebar scales</h2>
<p>Websites and dashboards in the library tend to move from a top navigation bar to a collapsible sidebar once they pass six or seven sections. A sidebar can group items under headings and still leave the top bar for search and the account menu. Whatever the pattern, keep the current location obvious: a highlighted item, a page title that matches its label, and a way back that never surprises.</p>`,
      },
      zhCN: {
        title: '标签栏、抽屉还是两者兼有？成长中应用的导航设计',
        content: `<p>每个应用都是从三个页面和一个标签栏开始的。两年后它有了十二个功能，问题又回来了：新功能该放在哪里？这个答案对用户理解产品的影响，远比任何图标风格都大。</p>
<h2>标签栏是对“重要性”的承诺</h2>
<p>底部标签栏在告诉用户：这些是你每天都会去的地方。它之所以好用，是因为始终可见、单手拇指就能够到。一旦它变成公司想推广的所有东西的清单，它就失效了。</p>
<ul>
<li>保持三到五个标签，每个都是一个“去处”，而不是“分享”这类操作。</li>
<li>每个标签都配上文字；只有图标时，用户能正确理解的比例远低于团队的预期。</li>
<li>保留每个标签的状态，切回来时回到用户离开时的位置。</li>
<li>把不常用的功能收进“我的”或“更多”页面，并确保搜索能找到它们。</li>
</ul>
<blockquote>导航就是产品的目录。如果它需要教程才能看懂，说明章节的顺序排错了。</blockquote>
<h2>在网页上，侧边栏更容易扩展</h2>
<p>资料库里的网站和后台，一旦超过六七个板块，通常会从顶部导航栏转向可折叠的侧边栏。侧边栏可以用小标题给项目分组，同时把顶栏留给搜索和账号菜单。无论采用哪种模式，都要让用户清楚自己在哪里：高亮当前项、页面标题与导航文字一致，返回路径永远不出人意料。</p>`,
      },
      zhTW: {
        title: '分頁標籤列、側邊選單，還是兩者並用？成長中 App 的導覽設計',
        content: `<p>每個 App 都是從三個畫面和一條分頁標籤列開始的。兩年後它有了十二個功能，問題又回來了：新功能該放在哪裡？這個答案對使用者理解產品的影響，遠比任何圖示風格都大。</p>
<h2>分頁標籤列是對「重要性」的承諾</h2>
<p>底部分頁標籤列在告訴使用者：這些是你每天都會去的地方。它之所以好用，是因為始終可見、單手拇指就碰得到。一旦它變成公司想推廣的所有東西的清單，它就失效了。</p>
<ul>
<li>維持三到五個分頁，每個都是一個「目的地」，而不是「分享」這類操作。</li>
<li>每個分頁都加上文字；只有圖示時，使用者能正確理解的比例遠低於團隊的預期。</li>
<li>保留每個分頁的狀態，切回來時回到使用者離開時的位置。</li>
<li>把不常用的功能收進「個人」或「更多」頁面，並確保搜尋找得到它們。</li>
</ul>
<blockquote>導覽就是產品的目錄。如果它需要教學才看得懂，代表章節的順序排錯了。</blockquote>
<h2>在網頁上，側邊欄更容易擴充</h2>
<p>資料庫裡的網站與後台，一旦超過六、七個區塊，通常會從頂部導覽列轉向可收合的側邊欄。側邊欄可以用小標題替項目分組，同時把頂端留給搜尋和帳號選單。無論採用哪種模式，都要讓使用者清楚自己在哪裡：標示目前項目、頁面標題與導覽文字一致，返回路徑永遠不出人意料。</p>`,
      },
    },
  },
  {
    publishedAt: '2026-09-10T08:00:00Z',
    updatedAt: '2026-09-16T11:45:00Z',
    cover: { hue: 250, dark: true, screens: ['dashboard', 'settings'] },
    text: {
      enUS: {
        title: 'Designing dark mode: more than inverted colours',
        content: `<p>A dark theme is not the light theme with its colours flipped. Pure white text on pure black vibrates on most screens, shadows disappear, and brand colours that looked calm on white suddenly glow. The dark screens in this library that feel comfortable share a few decisions.</p>
<h2>Build elevation with light, not shadow</h2>
<p>On dark surfaces shadows barely show. Instead, raised elements get slightly lighter: the page is near-black, cards one step lighter, menus and dialogs another step. Three or four levels are enough.</p>
<ul>
<li>Use a very dark grey instead of pure black for the base, and an off-white for body text.</li>
<li>Desaturate and lighten the accent colour so it keeps its contrast without glowing.</li>
<li>Check every semantic colour (success, warning, error) against the dark surface, not only the brand colour.</li>
<li>Swap images and illustrations that have white backgrounds, or they will flash like a torch.</li>
</ul>
<blockquote>In dark mode, contrast is a budget: spend it on the content and on the one action that matters.</blockquote>
<h2>Let people choose</h2>
<p>Follow the system setting by default, remember an explicit choice, and switch without a reload. When reviewing screenshots, look at both themes side by side: a layout that relies on hairline borders in light mode often needs stronger separation in dark mode, and a chart palette tuned for white may turn muddy on grey.</p>`,
      },
      zhCN: {
        title: '做好深色模式，远不只是颜色反转',
        content: `<p>深色主题不是把浅色主题的颜色反过来。纯黑背景配纯白文字，在大多数屏幕上都显得刺眼；阴影消失了；在白底上沉稳的品牌色，到了深色背景上突然开始“发光”。资料库里看起来舒服的深色界面，都有几个共同的做法。</p>
<h2>用亮度而不是阴影来表现层级</h2>
<p>在深色表面上，阴影几乎看不见。更好的做法是让越“高”的元素越亮一点：页面接近黑色，卡片亮一级，菜单和弹窗再亮一级。三到四个层级就足够了。</p>
<ul>
<li>底色用很深的灰而不是纯黑，正文用略带灰度的白。</li>
<li>降低强调色的饱和度并适当提亮，让它保持对比度又不刺眼。</li>
<li>成功、警告、错误这些语义色都要放在深色表面上检查，而不只是品牌色。</li>
<li>替换白底的图片和插画，否则它们会像手电筒一样晃眼。</li>
</ul>
<blockquote>在深色模式里，对比度是一笔预算：把它花在内容和最关键的那个操作上。</blockquote>
<h2>把选择权交给用户</h2>
<p>默认跟随系统设置，记住用户的主动选择，切换时无需重新加载。浏览截图时，应该把两种主题并排对比：浅色模式下依赖细线分隔的布局，在深色模式里往往需要更明显的区隔；为白底调好的图表配色，放到灰底上也可能变得浑浊。</p>`,
      },
      zhTW: {
        title: '做好深色模式，遠不只是顏色反轉',
        content: `<p>深色主題不是把淺色主題的顏色反過來。純黑背景配純白文字，在大多數螢幕上都顯得刺眼；陰影消失了；在白底上沉穩的品牌色，到了深色背景上突然開始「發光」。資料庫裡看起來舒服的深色介面，都有幾個共同的做法。</p>
<h2>用亮度而不是陰影來表現層級</h2>
<p>在深色表面上，陰影幾乎看不見。更好的做法是讓越「高」的元素越亮一點：頁面接近黑色，卡片亮一階，選單和對話框再亮一階。三到四個層級就足夠了。</p>
<ul>
<li>底色用很深的灰而不是純黑，內文用略帶灰度的白。</li>
<li>降低強調色的飽和度並適度提亮，讓它保有對比又不刺眼。</li>
<li>成功、警告、錯誤這些語意色都要放在深色表面上檢查，而不只是品牌色。</li>
<li>替換白底的圖片和插畫，否則它們會像手電筒一樣刺眼。</li>
</ul>
<blockquote>在深色模式裡，對比是一筆預算：把它花在內容和最關鍵的那個操作上。</blockquote>
<h2>把選擇權交給使用者</h2>
<p>預設跟隨系統設定，記住使用者主動做的選擇，切換時不需要重新載入。瀏覽截圖時，應該把兩種主題並排比較：淺色模式下仰賴細線分隔的版面，在深色模式裡往往需要更明顯的區隔；為白底調好的圖表配色，放到灰底上也可能變得混濁。</p>`,
      },
    },
  },
  {
    publishedAt: '2026-10-15T08:00:00Z',
    updatedAt: '2026-10-20T16:20:00Z',
    cover: { hue: 350, dark: false, screens: ['detail', 'chat'] },
    text: {
      enUS: {
        title: 'Typography in Chinese interfaces',
        content: `<p>Chinese text behaves differently from Latin text on screen, and interfaces designed in English first often show it: cramped lines, clumsy spacing in mixed scripts, and bold weights that turn characters into blots. A few rules make Chinese screens calm and readable.</p>
<h2>Size, weight and line height</h2>
<p>Chinese characters are dense and all the same width, so they need more room. Body text usually reads best at 15 to 16 pixels on phones, with a line height of about 1.6 to 1.8, noticeably looser than for English. Heavy weights fill in the counters of complex characters; medium is often bold enough.</p>
<ul>
<li>Name the Chinese system fonts explicitly in the font stack (PingFang, Microsoft YaHei, Noto Sans CJK) after the Latin font, so numbers and Latin words keep their own design.</li>
<li>Use different stacks for Simplified and Traditional Chinese: glyph shapes differ by region, not only the characters.</li>
<li>Leave space between Chinese and Latin words or numbers, or let the type engine add it, so mixed text does not look glued together.</li>
<li>Avoid italics for emphasis; use weight or colour instead.</li>
</ul>
<blockquote>A Chinese paragraph that looks comfortable is usually shorter and looser than your English instincts suggest.</blockquote>
<h2>Line length and punctuation</h2>
<p>Aim for roughly 30 to 40 characters per line in articles. Keep full-width punctuation full-width, never let a closing mark start a line, and align short mobile lines to the left rather than justifying them, which opens uneven gaps. Compare how the apps in this library set their article and detail screens in Chinese: the best ones look unhurried even when the screen is full.</p>`,
      },
      zhCN: {
        title: '中文界面的排版之道',
        content: `<p>中文在屏幕上的表现和拉丁文字很不一样。先用英文设计、后翻译成中文的界面，往往一眼就能看出来：行距局促、中英混排间距别扭，粗体把笔画糊成一团。掌握几条规则，中文界面就能变得从容易读。</p>
<h2>字号、字重与行高</h2>
<p>汉字笔画密集、字宽一致，需要更多呼吸空间。手机上的正文通常用 15 到 16 像素效果最好，行高约为 1.6 到 1.8 倍，明显要比英文宽松。过粗的字重会让复杂汉字的内部空间消失，中粗（Medium）往往就已足够醒目。</p>
<ul>
<li>字体栈中先写拉丁字体，再明确列出中文系统字体（苹方、微软雅黑、思源黑体），让数字和英文保持各自的设计。</li>
<li>简体与繁体使用不同的字体栈：不同地区的字形本身就有差异，不只是用字不同。</li>
<li>中文与英文、数字之间留出空隙，或交给排版引擎自动处理，避免混排文字粘在一起。</li>
<li>不要用斜体表示强调，改用字重或颜色。</li>
</ul>
<blockquote>看起来舒服的中文段落，通常比你凭英文直觉设定的更短、更松。</blockquote>
<h2>行长与标点</h2>
<p>文章正文每行控制在 30 到 40 个字左右。全角标点保持全角，不要让句末标点出现在行首；手机上的短行宜左对齐，不要两端对齐，否则会撑出参差不齐的空隙。看看资料库里的应用如何排版中文的文章页和详情页：优秀的设计即使内容满屏，也显得不慌不忙。</p>`,
      },
      zhTW: {
        title: '中文介面的排版之道',
        content: `<p>中文在螢幕上的表現和拉丁文字很不一樣。先用英文設計、後翻譯成中文的介面，往往一眼就看得出來：行距侷促、中英混排間距彆扭，粗體把筆畫糊成一團。掌握幾條規則，中文介面就能變得從容易讀。</p>
<h2>字級、字重與行高</h2>
<p>漢字筆畫密集、字寬一致，需要更多呼吸空間。手機上的內文通常用 15 到 16 像素效果最好，行高約為 1.6 到 1.8 倍，明顯要比英文寬鬆。過粗的字重會讓複雜漢字的內部空間消失，中粗（Medium）往往就已經夠醒目。</p>
<ul>
<li>字型堆疊中先寫拉丁字型，再明確列出中文系統字型（蘋方、微軟正黑體、思源黑體），讓數字和英文保有各自的設計。</li>
<li>繁體與簡體使用不同的字型堆疊：不同地區的字形本身就有差異，不只是用字不同。</li>
<li>中文與英文、數字之間留出間距，或交給排版引擎自動處理，避免混排文字黏在一起。</li>
<li>不要用斜體表示強調，改用字重或顏色。</li>
</ul>
<blockquote>看起來舒服的中文段落，通常比你憑英文直覺設定的更短、更鬆。</blockquote>
<h2>行長與標點</h2>
<p>文章內文每行控制在 30 到 40 個字左右。全形標點維持全形，不要讓句末標點出現在行首；手機上的短行宜靠左對齊，不要左右對齊，否則會撐出參差不齊的空隙。看看資料庫裡的 App 如何排版中文的文章頁與詳細頁面：優秀的設計即使內容滿版，也顯得從容不迫。</p>`,
      },
    },
  },
];
