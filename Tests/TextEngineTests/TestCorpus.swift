/// Real-looking UI strings in English, Chinese, mixed scripts and with emoji: the texts the
/// cross-checks against hb-shape and Pango run on.
enum TestCorpus {
    static let english = [
        "Settings",
        "Your order has shipped and will arrive on Thursday, March 14.",
        "Ada Lovelace liked your photo from the weekend trip to the lake district.",
        "Tap to retry. If the problem persists, contact support@example.com.",
        "Don't have an account? Sign up in less than a minute — it's free!",
        "Battery at 15%: Low Power Mode turns off background app refresh, automatic downloads and some visual effects.",
        "https://www.example.com/articles/2024/very-long-path-segment-that-does-not-fit-anywhere",
        "Supercalifragilisticexpialidocious antidisestablishmentarianism",
        "Meeting moved to 3:30 PM (Room 4B) — bring the Q3 numbers & the draft slides.",
        "\"Quoted text,\" she said; then (in parentheses) a list: one, two, three...",
        "Price: $1,299.99 / €1.199,00 — save 20% today only",
        "New message from +1 (555) 010-9999: Are we still on for lunch tomorrow at noon?",
    ]
    static let chinese = [
        "设置",
        "您的订单已发货，预计周四送达。",
        "张三赞了你在周末湖区旅行中拍的照片。",
        "点击重试。如果问题仍然存在，请联系客服。",
        "电池电量为百分之十五：低电量模式会关闭后台应用刷新、自动下载和部分视觉效果。",
        "「你好」，他说：“今天天气真好！”我们去公园散步吧。",
        "会议改到下午三点半（四号会议室），请带上第三季度的数据和幻灯片草稿。",
    ]
    static let mixed = [
        "iPhone 15 Pro 发布会将于 9 月 12 日举行",
        "Download 下载 the app 应用 today 今天!",
        "王小明 (Wang Xiaoming) commented: 这个设计很棒，great work!",
        "订单号 #A-20240314-0099 已于 3:45 PM 送达",
        "Bonjour, ça va? Привет! Γειά σου! 你好！",
    ]
    static let emoji = [
        "Great job team 👍🏽🎉",
        "Family trip 👨‍👩‍👧 to 🇫🇷 and 🇯🇵 this summer!",
        "😀😃😄😁😆😅😂🤣🥲😶😊😇🙂🙃😉😌😍🥰😘",
        "Happy birthday! 🎂🎈🎁 Have a wonderful day 🥳",
        "生日快乐 🎂 祝你天天开心 😄",
        "Love it 😍 👩🏻‍💻 coding late again 🌙",
    ]
    static var all: [String] { english + chinese + mixed + emoji }
}
