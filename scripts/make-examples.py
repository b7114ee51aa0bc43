#!/usr/bin/env python3
"""Writes the Examples/ documents with a fixed seed, so they are reproducible byte for byte.

    python3 scripts/make-examples.py                       # Examples/feed.json, settings.json, chat.json, attributed-feed.json
    python3 scripts/make-examples.py --feed-rows 100000 --out /tmp/feed-100k.json   # benchmark feed
    python3 scripts/make-examples.py --feed-rows 100000 --stream --out /tmp/feed.jsonl

The feed mixes English and Chinese posts (and a few emoji) of varied length, as a social feed
would; fonts are left out so measure-cli uses the bundled ones.
"""
import argparse
import json
import os
import random

ENGLISH_WORDS = (
    "the a to and of in is it for on with that this was at be as are have from by not but what all "
    "were when we there can an your which their said if do will each about how up out them then she "
    "many some so these would other into has more her two like him see time could no make than first "
    "been its who now people my made over did down only way find use may water long little very after "
    "words called just where most know coffee morning train station weekend project release build "
    "swift compiler layout table cell height measure font glyph unicode sunset mountain river bicycle "
    "garden kitchen recipe bread bakery museum concert guitar library window umbrella rain summer "
    "winter holiday meeting deadline review feedback design prototype launch team office city bridge"
).split()

ENGLISH_OPENERS = [
    "Just finished", "Can't believe", "Quick update:", "Hot take:", "Today I learned", "Reminder:",
    "Finally shipped", "Anyone else think", "Spent the afternoon", "Loving the", "Throwback to",
]

CHINESE_PHRASES = [
    "今天天气很好", "我们去公园散步", "刚刚看完一部电影", "这家咖啡店的拿铁非常好喝", "周末一起去爬山吧",
    "新项目终于上线了", "晚上吃火锅", "地铁上人太多了", "学习 Swift 的第一天", "这本书值得推荐",
    "下雨了记得带伞", "明天早上八点开会", "春节快乐，万事如意", "刚到上海，准备去外滩看看", "猫咪在窗边晒太阳",
    "代码审查比想象中花时间", "这个布局在小屏幕上会换行", "终于修好了那个奇怪的问题", "晚安，明天见",
]

EMOJI = ["😀", "🎉", "☕", "🚀", "🌧", "🍜", "📚", "👍", "🐱", "🌸"]

NAMES_EN = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Katherine Johnson", "Linus", "Margaret Hamilton",
            "Tim", "Radia Perlman", "Barbara Liskov", "Ken Thompson", "Dennis", "Frances Allen"]
NAMES_ZH = ["王小明", "李华", "张伟", "刘洋", "陈静", "杨帆", "赵磊", "黄丽", "周杰", "吴敏"]


def english_post(rng):
    words = [rng.choice(ENGLISH_WORDS) for _ in range(rng.choice([3, 6, 10, 18, 30, 55]))]
    text = rng.choice(ENGLISH_OPENERS) + " " + " ".join(words) + rng.choice([".", "!", "?", "..."])
    if rng.random() < 0.15:
        text += " " + rng.choice(EMOJI)
    if rng.random() < 0.08:
        text += "\n\n" + " ".join(rng.choice(ENGLISH_WORDS) for _ in range(8)) + "."
    return text


def chinese_post(rng):
    count = rng.choice([1, 2, 3, 5, 8])
    text = "，".join(rng.choice(CHINESE_PHRASES) for _ in range(count)) + rng.choice(["。", "！", "？", "～"])
    if rng.random() < 0.15:
        text += rng.choice(EMOJI)
    return text


FEED_TEMPLATE = {
    "views": [
        {"id": "avatar", "image": {"width": 40, "height": 40}},
        {"id": "name", "label": {"text": "${name}", "font": "bold", "size": 15, "lines": 1}},
        {"id": "time", "label": {"text": "${time}", "size": 12, "lines": 1},
         "hugging": [750, 250], "compression": [1000, 750]},
        {"id": "detail", "label": {"text": "${detail}", "size": 14, "lines": 0}},
        {"id": "dot", "view": {"width": 8, "height": 8}, "hidden": "!unread"},
    ],
    "constraints": [
        "avatar.leading == super.leading + 16", "avatar.top == super.top + 12",
        "avatar.width == 40", "avatar.height == avatar.width",
        "name.leading == avatar.trailing + 10", "name.top == avatar.top",
        "time.leading >= name.trailing + 8", "time.trailing == super.trailing - 16",
        "time.firstBaseline == name.firstBaseline",
        "detail.leading == name.leading", "detail.trailing == super.trailing - 16",
        "detail.top == name.bottom + 6",
        "dot.centerY == avatar.top", "dot.centerX == avatar.trailing",
        "super.bottom >= avatar.bottom + 12", "super.bottom >= detail.bottom + 12",
    ],
}


def feed_row(rng, index):
    chinese = rng.random() < 0.4
    row = {
        "key": "post-%d" % (index + 1),
        "name": rng.choice(NAMES_ZH if chinese else NAMES_EN),
        "time": rng.choice(["now", "2m", "15m", "1h", "3h", "昨天", "Mon", "12 Mar"]),
        "detail": chinese_post(rng) if chinese else english_post(rng),
        "unread": rng.random() < 0.3,
    }
    return row


def feed_document(rows, seed=2024):
    rng = random.Random(seed)
    today = max(1, rows // 10)
    return {
        "list": {"width": 375, "scale": 2, "rowHeight": 44, "separator": True},
        "templates": {"FeedCell": FEED_TEMPLATE},
        "sections": [
            {"template": "FeedCell", "autoHeight": True, "header": {"title": "Today"},
             "rows": [feed_row(rng, i) for i in range(today)]},
            {"template": "FeedCell", "autoHeight": True, "header": {"title": "Earlier"},
             "footer": {"height": 60},
             "rows": [feed_row(rng, i) for i in range(today, rows)]},
        ],
    }


def settings_document():
    subtitle = {
        "views": [
            {"id": "title", "label": {"text": "${title}", "size": 17}},
            {"id": "subtitle", "label": {"text": "${subtitle}", "size": 13, "lines": 0}},
        ],
        "constraints": [
            "title.leading == super.leading + 20", "title.trailing <= super.trailing - 20",
            "title.top == super.top + 11",
            "subtitle.leading == title.leading", "subtitle.trailing == super.trailing - 20",
            "subtitle.top == title.bottom + 3", "super.bottom >= subtitle.bottom + 11",
        ],
    }
    plain = lambda text, accessory="disclosure": {"text": text, "accessory": accessory}
    return {
        "list": {"width": 390, "scale": 3, "rowHeight": 44, "headerHeight": 38, "footerHeight": 18},
        "templates": {"SubtitleCell": subtitle},
        "sections": [
            {"header": {"title": "General"}, "rows": [
                plain("About"), plain("Software Update"), plain("AirDrop"), plain("Background App Refresh"),
                plain("Date & Time"), plain("Keyboard"), plain("Language & Region"), plain("Dictionary"),
            ]},
            {"header": {"title": "Privacy"}, "template": "SubtitleCell", "autoHeight": True,
             "footer": {"title": "Apps that have requested access will appear here."}, "rows": [
                {"title": "Location Services", "subtitle": "On — 12 apps use your location while in use", "accessory": "disclosure"},
                {"title": "Tracking", "subtitle": "Allow apps to request to track your activity across other companies' apps and websites.", "accessory": "disclosure"},
                {"title": "Analytics & Improvements", "subtitle": "Help improve products and services by automatically sending daily diagnostic and usage data.", "accessory": "detailDisclosure"},
                {"title": "定位服务", "subtitle": "允许应用在使用期间访问您的位置信息，以便提供附近的服务和更准确的推荐。", "accessory": "disclosure"},
            ]},
            {"height": 52, "rows": [
                plain("Wi-Fi", "checkmark"), plain("Bluetooth", "detailButton"), plain("Cellular"),
                {"text": "Sign Out", "accessory": "none", "height": 56},
            ]},
        ],
    }


def chat_document(seed=7):
    rng = random.Random(seed)
    bubble = lambda side: {
        "views": [
            {"id": "bubble", "view": {}},
            {"id": "text", "label": {"text": "${text}", "size": 16, "lines": 0}},
            {"id": "meta", "label": {"text": "${time}", "size": 11}, "hidden": "!showTime"},
        ],
        "constraints": [
            "bubble.top == super.top + 4", "text.top == bubble.top + 8", "text.bottom == bubble.bottom - 8",
            "text.leading == bubble.leading + 12", "text.trailing == bubble.trailing - 12",
            "bubble.width <= super.width * 0.75",
            ("bubble.leading == super.leading + 12" if side == "in" else "bubble.trailing == super.trailing - 12"),
            "meta.top == bubble.bottom + 2",
            ("meta.leading == bubble.leading" if side == "in" else "meta.trailing == bubble.trailing"),
            "super.bottom >= bubble.bottom + 4", "super.bottom >= meta.bottom + 4",
        ],
    }
    lines = [
        "Hey! Are we still on for lunch?", "Yes — 12:30 at the noodle place?", "好的，我在门口等你",
        "Running five minutes late, the train stopped between stations for no reason at all 🙃",
        "No problem", "我点了两碗牛肉面，还有一份小菜", "Perfect 👍",
        "Did you see the release notes? The new layout engine measures every row without a screen.",
        "Yes! Much faster than before. 我们下周可以试试在列表里用它。", "👋",
    ]
    sections = []
    for day, title in enumerate(["Yesterday", "Today"]):
        rows = []
        for i in range(12 if day == 0 else 18):
            side = "in" if rng.random() < 0.5 else "out"
            rows.append({"key": "msg-%d-%d" % (day, i), "template": "Incoming" if side == "in" else "Outgoing",
                         "text": rng.choice(lines), "time": "%d:%02d" % (9 + i // 4, (i * 7) % 60),
                         "showTime": i % 4 == 3})
        sections.append({"autoHeight": True, "header": {"height": 28}, "rows": rows})
    return {
        "list": {"width": 375, "scale": 2, "separator": False},
        "templates": {"Incoming": bubble("in"), "Outgoing": bubble("out")},
        "sections": sections,
    }


def attributed_feed_document(rows=40, seed=32):
    """A feed whose first line is one attributed label: a bold name inside a sentence and a
    smaller, raised timestamp; the post below is paragraphs with spacing between them."""
    rng = random.Random(seed)
    template = {
        "views": [
            {"id": "avatar", "image": {"width": 40, "height": 40}},
            {"id": "line", "label": {"text": [
                {"text": "${name}", "font": "bold"},
                {"text": " ${action} "},
                {"text": "${target}", "font": "bold"},
                {"text": "  ${time}", "size": 12, "baselineOffset": 1, "features": ["tnum"]},
            ], "size": 15, "lines": 0}},
            {"id": "body", "label": {"text": "${body}", "size": 14, "lines": 0, "lineSpacing": 2,
                                     "paragraphSpacing": 8}},
        ],
        "constraints": [
            "avatar.leading == super.leading + 16", "avatar.top == super.top + 12",
            "avatar.width == 40", "avatar.height == avatar.width",
            "line.leading == avatar.trailing + 10", "line.trailing == super.trailing - 16",
            "line.top == avatar.top",
            "body.leading == line.leading", "body.trailing == super.trailing - 16",
            "body.top == line.bottom + 4",
            "super.bottom >= avatar.bottom + 12", "super.bottom >= body.bottom + 12",
        ],
    }
    actions_en = ["replied to", "mentioned", "liked a post by", "started following", "shared a photo from"]
    actions_zh = ["回复了", "提到了", "赞了", "关注了"]
    rows_out = []
    for i in range(rows):
        chinese = rng.random() < 0.35
        names = NAMES_ZH if chinese else NAMES_EN
        paragraphs = [chinese_post(rng) if chinese else english_post(rng) for _ in range(rng.choice([1, 1, 2, 3]))]
        rows_out.append({
            "key": "event-%d" % (i + 1),
            "name": rng.choice(names),
            "action": rng.choice(actions_zh if chinese else actions_en),
            "target": rng.choice(names),
            "time": rng.choice(["now", "2m", "15m", "1h", "3h", "10:42", "Mon", "12 Mar"]),
            "body": "\n".join(paragraphs),
        })
    return {
        "list": {"width": 375, "scale": 2, "rowHeight": 44, "separator": True},
        "templates": {"EventCell": template},
        "sections": [{"template": "EventCell", "autoHeight": True, "header": {"title": "Activity"}, "rows": rows_out}],
    }


def write_json(document, path):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(document, f, ensure_ascii=False, indent=1)
        f.write("\n")


def write_stream(document, path):
    """The --stream form: the document without rows, then each row on a line with its section."""
    with open(path, "w", encoding="utf-8") as f:
        head = dict(document)
        head["sections"] = [{k: v for k, v in s.items() if k != "rows"} for s in document["sections"]]
        f.write(json.dumps(head, ensure_ascii=False, separators=(",", ":")) + "\n")
        for index, section in enumerate(document["sections"]):
            for row in section["rows"]:
                line = dict(row)
                if index:
                    line["section"] = index
                f.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--feed-rows", type=int, help="write only a feed with this many rows")
    parser.add_argument("--stream", action="store_true", help="write the feed as --stream JSON Lines")
    parser.add_argument("--out", help="where the feed goes (with --feed-rows)")
    args = parser.parse_args()
    if args.feed_rows:
        document = feed_document(args.feed_rows)
        (write_stream if args.stream else write_json)(document, args.out or "/dev/stdout")
        return
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Examples")
    write_json(feed_document(5000), os.path.join(here, "feed.json"))
    write_json(settings_document(), os.path.join(here, "settings.json"))
    write_json(chat_document(), os.path.join(here, "chat.json"))
    write_json(attributed_feed_document(), os.path.join(here, "attributed-feed.json"))


if __name__ == "__main__":
    main()
