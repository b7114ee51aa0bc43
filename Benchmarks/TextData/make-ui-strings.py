#!/usr/bin/env python3
"""Writes ui-strings.jsonl: 1,000 distinct realistic UI label strings (one JSON string per line).

Built deterministically (fixed seed) from fragments of real app copy: feed posts, notifications,
settings, commerce, chat, in English (~60%), Chinese (~20%), mixed Chinese/English (~10%) and
with emoji (~10%). Used by the text benchmarks and the Pango agreement test.
Run: python3 Benchmarks/TextData/make-ui-strings.py
"""
import json, os, random

rng = random.Random(20240314)
names = ["Ada Lovelace", "Grace Hopper", "Alan", "Linus", "Margaret Hamilton", "Tim", "Sophie Wilson",
         "Ken Thompson", "Barbara Liskov", "Dennis", "Katherine Johnson", "Guido", "Anders", "Chris Lattner"]
places = ["the lake district", "Kyoto", "San Francisco", "the office", "Berlin", "the mountains",
          "Lisbon", "the farmers market", "Reykjavík", "the new café downtown"]
things = ["photo", "comment", "story", "playlist", "recipe", "article", "video", "post", "album"]
titles = ["Settings", "Notifications", "Privacy & Security", "Account", "General", "Display & Brightness",
          "Wi-Fi", "Bluetooth", "Battery", "Storage", "Screen Time", "Sign Out", "Help & Feedback",
          "Terms of Service", "Recently Deleted", "Downloads", "Inbox", "Drafts", "Archive", "Today"]
sentences = [
    "Your order has shipped and will arrive on {day}.",
    "{name} liked your {thing} from {place}.",
    "{name} commented on your {thing}: “{quote}”",
    "Tap to retry. If the problem persists, contact support@example.com.",
    "Don't have an account? Sign up in less than a minute — it's free!",
    "Battery at {pct}%: Low Power Mode turns off background app refresh, automatic downloads and some visual effects until you charge your iPhone.",
    "Meeting moved to {time} (Room {room}) — bring the Q3 numbers & the draft slides.",
    "New message from {name}: {quote}",
    "Your subscription renews on {day} for ${price}. Cancel at least 24 hours before to avoid being charged.",
    "{count} people viewed your profile this week.",
    "Update available: version {ver} includes bug fixes and performance improvements.",
    "Free shipping on orders over $35. Returns accepted within 30 days of delivery.",
    "By continuing, you agree to our Terms of Service and acknowledge that you have read our Privacy Policy.",
    "{name} and {count} others reacted to your {thing}.",
    "Your password must be at least 8 characters and include a number and a symbol.",
    "Downloaded {count} of {total} files ({pct}%)",
    "Visit https://www.example.com/help/articles/{room}-getting-started for more information.",
    "Pickup ready at {place} until {time}.",
    "Reminder: {quote}",
]
quotes = ["Are we still on for lunch tomorrow?", "This looks amazing!", "Can you send me the slides?",
          "Running 10 minutes late, sorry", "Happy birthday!!", "Great work on the launch, everyone.",
          "Let's move the sync to Thursday.", "ok", "See you there", "Thanks so much for your help yesterday"]
days = ["Thursday, March 14", "Monday", "Dec 3", "tomorrow", "Friday, June 21, 2024"]
zh = ["设置", "通知", "隐私与安全", "您的订单已发货，预计周四送达。", "张三赞了你的照片。",
      "点击重试。如果问题仍然存在，请联系客服。", "会议改到下午三点半（四号会议室），请带上第三季度的数据。",
      "电池电量低：低电量模式会关闭后台应用刷新、自动下载和部分视觉效果。", "「你好」，他说：“今天天气真好！”",
      "新版本已发布，包含错误修复和性能改进。", "您有{count}条未读消息", "李四评论了你的动态：太棒了！",
      "免费送货，三十天内可退货。", "继续即表示您同意我们的服务条款和隐私政策。", "正在下载第{count}个文件，共{total}个",
      "王小明、李华和其他{count}人赞了你的视频。", "今天", "昨天 下午 3:45", "草稿", "已删除的项目会在三十天后永久删除。"]
mixed = ["iPhone 15 Pro 发布会将于 9 月 12 日举行", "Download 下载 the app 应用 today 今天!",
         "王小明 (Wang Xiaoming) commented: 这个设计很棒，great work!", "订单号 #A-2024{room}-0099 已于 {time} 送达",
         "欢迎使用 TemplateLayout，开始构建你的 UI", "{name} 给你发了一条消息：明天 {time} 见",
         "Wi-Fi 已连接到 Office-5G", "共 {count} 条评论 · {count} comments", "Apple Pay 支付成功 ¥{price}"]
emoji = ["Great job team 👍🏽🎉", "Family trip 👨‍👩‍👧 to 🇫🇷 and 🇯🇵 this summer!", "Happy birthday! 🎂🎈🎁 Have a wonderful day 🥳",
         "生日快乐 🎂 祝你天天开心 😄", "Love it 😍 👩🏻‍💻 coding late again 🌙", "🔥 {count} day streak! Keep it up 💪",
         "{name} reacted ❤️ to your {thing}", "Weekend plans: 🏔️ hiking, 🍕 pizza, 🎬 movie night",
         "🚚 Out for delivery", "✅ Payment received", "Good morning ☀️ Today: 24° and sunny"]

def fill(s):
    return s.format(name=rng.choice(names), place=rng.choice(places), thing=rng.choice(things),
                    quote=rng.choice(quotes), day=rng.choice(days), pct=rng.randint(1, 99),
                    time=f"{rng.randint(1, 12)}:{rng.choice(['00', '15', '30', '45'])} {rng.choice(['AM', 'PM'])}",
                    room=rng.randint(1, 40), price=f"{rng.randint(1, 199)}.{rng.randint(0, 99):02d}",
                    count=rng.randint(2, 999), total=rng.randint(1000, 5000), ver=f"{rng.randint(1, 17)}.{rng.randint(0, 9)}.{rng.randint(0, 9)}")

out, seen = [], set()
while len(out) < 1000:
    r = rng.random()
    if r < 0.15:
        s = rng.choice(titles)
    elif r < 0.55:
        s = fill(rng.choice(sentences))
        if rng.random() < 0.2:
            s += " " + fill(rng.choice(sentences))
    elif r < 0.60:
        s = fill(rng.choice(sentences)) + "\n" + fill(rng.choice(sentences))
    elif r < 0.80:
        s = fill(rng.choice(zh))
        if rng.random() < 0.25:
            s += fill(rng.choice(zh))
    elif r < 0.90:
        s = fill(rng.choice(mixed))
    else:
        s = fill(rng.choice(emoji))
    if s not in seen:
        seen.add(s)
        out.append(s)

path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ui-strings.jsonl")
with open(path, "w", encoding="utf-8") as f:
    for s in out:
        f.write(json.dumps(s, ensure_ascii=False) + "\n")
print(f"wrote {len(out)} strings to {path}")
