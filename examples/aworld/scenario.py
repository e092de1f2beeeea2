"""The situations the scripted model meets: what its (imagined) own tools returned.

The agent under test has only the supervisor as a tool, so the work it "did" with other tools is
replayed from here: a failing PDF extraction script, a crawl through a converted report with
`sed -n`, and a long press-release page. The texts are shaped like the real thing (a CPython
traceback, 200-line pages, an HTML page with navigation, scripts and footer) because the
supervisor's heuristics are what reads them.
"""

from __future__ import annotations

TASK = (
    "According to the Harbour City Water Board, how many kilometres of new water mains did it lay "
    "in 2023? Answer with the number only."
)

REPORT = "/workspace/hcwb_annual_report_2023.txt"
PAGE_URL = "https://www.hcwb.example/news/2024-02-14-record-year-network-renewal"

FAILED_ACTION = "python /workspace/extract_tables.py /workspace/hcwb_annual_report_2023.pdf --pages 40-60"
TRACEBACK = """\
Traceback (most recent call last):
  File "/workspace/extract_tables.py", line 4, in <module>
    import pdfplumber
ModuleNotFoundError: No module named 'pdfplumber'
"""

_PAGES = [
    "HARBOUR CITY WATER BOARD\nAnnual Report 2023\n\nContents\n1 Chair's letter .... 3\n2 Chief "
    "Executive's review .... 6\n3 Our customers .... 11\n4 Our network .... 19\n5 Governance .... 31\n"
    "6 Financial statements .... 44\n7 Statistical summary .... 71",
    "Chair's letter\n\nIt is my privilege to present the Board's report for the year ended 31 "
    "December 2023. The year tested our people and our assets: a dry summer, two boil-water notices "
    "in the northern zone and the first full year of the Capital Works Programme 2023-2027.",
    "Chief Executive's review\n\nCustomer connections rose to 412,880 (2022: 405,114). Average "
    "residential use fell to 158 litres per person per day. We answered 94.2% of calls within 30 "
    "seconds and resolved 88% of complaints at first contact.",
    "Our customers\n\nThe Community Rebate scheme supported 6,210 households. Smart meters now cover "
    "31% of connections. Hardship applications were processed in a median of 4 working days. Table "
    "3.2 lists complaints by category; pressure and taste remain the largest groups.",
    "Our customers (continued)\n\nBilling accuracy reached 99.6%. The new online account portal had "
    "118,000 registered users by December. Customer satisfaction (independent survey, n=2,400): 81% "
    "satisfied or very satisfied, up from 78%.",
    "Our network\n\nThe Board operates 6 treatment plants, 41 reservoirs and 148 pumping stations. "
    "Non-revenue water was 11.4% of supply. Figure 4.1 shows bursts per 100 km by suburb; the "
    "cast-iron mains of the inner west still account for most failures.",
    "Our network (continued)\n\nReservoir inspection programme: 14 of 41 reservoirs inspected. "
    "Pump station renewals at Carlow Road and Eastbank completed. Details of the mains renewal "
    "programme are given in the Capital Works Programme update published separately.",
]


def paging_steps() -> list[dict[str, object]]:
    """Seven 200-line pages read one after the other: the crawl inefficiency_analysis should flag."""
    return [
        {
            "tool": "bash",
            "args": f"sed -n '{i * 200 + 1},{(i + 1) * 200}p' {REPORT}",
            "result": text[:300],
            "error": False,
        }
        for i, text in enumerate(_PAGES)
    ]


GREP_ACTION = f"grep -n -i -E 'water main|mains renewal|capital works' {REPORT}"
GREP_RESULT = (
    "1388:programme are given in the Capital Works Programme update published separately.\n"
    f"2291:Capital Works Programme update: see the news release of 14 February 2024, {PAGE_URL}"
)

_NAV = "".join(
    f'<li class="nav-item"><a href="/{slug}">{label}</a></li>\n'
    for slug, label in [
        ("", "Home"), ("accounts", "My account"), ("pay", "Pay a bill"), ("move", "Moving house"),
        ("faults", "Report a fault"), ("outages", "Planned outages"), ("quality", "Water quality"),
        ("save", "Saving water"), ("business", "Business customers"), ("developers", "Developers"),
        ("projects", "Projects"), ("news", "News"), ("about", "About us"), ("careers", "Careers"),
        ("contact", "Contact us"),
    ]
)
_RELATED = "".join(
    f'<li><a href="/news/{slug}">{title}</a><time>{date}</time></li>\n'
    for slug, title, date in [
        ("2024-01-30-tariffs", "Tariffs for 2024-25 open for comment", "30 January 2024"),
        ("2024-01-12-northern-zone", "Boil-water notice lifted in the northern zone", "12 January 2024"),
        ("2023-12-04-rebates", "Community Rebate scheme reaches 6,000 households", "4 December 2023"),
        ("2023-11-20-meters", "Smart meter roll-out passes 30 percent", "20 November 2023"),
    ]
)
PAGE_HTML = f"""<!DOCTYPE html>
<html lang="en-AU"><head><meta charset="utf-8">
<title>Record year for network renewal | Harbour City Water Board</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="News release: Capital Works Programme update, 14 February 2024.">
<link rel="stylesheet" href="/assets/css/main.4f1c2a.css"><link rel="icon" href="/favicon.ico">
<style>.cookie-banner{{position:fixed;bottom:0;left:0;right:0;background:#003b5c;color:#fff;padding:1rem}}
.nav-item a{{color:#003b5c;text-decoration:none;font-weight:600}}.share a{{margin-right:.5rem}}</style>
<script>window.dataLayer=window.dataLayer||[];function gtag(){{dataLayer.push(arguments);}}
gtag('js',new Date());gtag('config','G-7QX2K1ZL0P',{{anonymize_ip:true,page_type:'news'}});</script>
<script type="application/ld+json">{{"@context":"https://schema.org","@type":"NewsArticle",
"headline":"Record year for network renewal","datePublished":"2024-02-14","publisher":
{{"@type":"Organization","name":"Harbour City Water Board"}}}}</script>
</head><body>
<div class="cookie-banner" role="dialog">We use cookies to understand how you use our website and
to improve your experience. <button id="accept-cookies">Accept all</button>
<button id="manage-cookies">Manage preferences</button></div>
<header class="site-header"><a class="logo" href="/"><img src="/assets/img/hcwb-logo.svg"
alt="Harbour City Water Board"></a><form class="search" action="/search"><input name="q"
placeholder="Search hcwb.example"><button>Search</button></form>
<nav aria-label="Main"><ul class="nav">
{_NAV}</ul></nav></header>
<nav class="breadcrumbs"><a href="/">Home</a> &rsaquo; <a href="/news">News</a> &rsaquo; Record
year for network renewal</nav>
<main><article class="news-release">
<h1>Record year for network renewal</h1>
<p class="meta">News release &middot; 14 February 2024 &middot; Capital Works Programme</p>
<p>The Harbour City Water Board has published its Capital Works Programme update for the 2023
calendar year, the first full year of the five-year programme approved by the regulator in 2022.</p>
<p>In 2023 our crews and contractors laid 42.7 kilometres of new water mains, the most in a single
year since the Board was formed, replacing ageing cast-iron pipes in the inner west and extending
supply to the new Northbridge growth area. In 2022 the figure was 31.5 kilometres.</p>
<p>Alongside the new water mains, 18.2 kilometres of sewer mains were relined without digging
trenches, and 2,140 customer service connections were renewed.</p>
<p>"Every kilometre of new main means fewer bursts and fewer interruptions for our customers,"
said the Board's Chief Executive. Bursts fell to 21 per 100 kilometres of main, from 26 in 2022.</p>
<p>The 2024 programme targets a further 45 kilometres of new water mains. Planned outages are
announced at least 48 hours ahead on the <a href="/outages">Planned outages</a> page.</p>
<p class="share">Share: <a href="https://twitter.com/intent/tweet?url=...">X</a>
<a href="https://www.facebook.com/sharer/sharer.php?u=...">Facebook</a>
<a href="https://www.linkedin.com/shareArticle?url=...">LinkedIn</a>
<a href="mailto:?subject=Record%20year%20for%20network%20renewal">Email</a></p>
</article>
<aside class="related"><h2>Related news</h2><ul>
{_RELATED}</ul></aside></main>
<footer class="site-footer"><div class="cols">
<div><h3>Contact us</h3><p>Faults and emergencies, 24 hours: 13 42 92<br>General enquiries:
Monday to Friday 8am to 5pm<br>Interpreter service: 13 14 50</p></div>
<div><h3>About us</h3><ul><li><a href="/about/board">Our Board</a></li><li><a
href="/about/reports">Annual reports</a></li><li><a href="/about/plans">Plans and strategies</a>
</li><li><a href="/careers">Careers</a></li></ul></div>
<div><h3>Follow us</h3><ul><li><a href="https://www.facebook.com/hcwb">Facebook</a></li><li><a
href="https://www.linkedin.com/company/hcwb">LinkedIn</a></li><li><a
href="https://www.youtube.com/hcwb">YouTube</a></li></ul></div></div>
<p class="ack">We acknowledge the Traditional Custodians of the lands and waters where we work and
pay our respects to Elders past and present.</p>
<p class="legal">&copy; 2024 Harbour City Water Board. <a href="/privacy">Privacy</a> &middot;
<a href="/terms">Terms of use</a> &middot; <a href="/accessibility">Accessibility</a> &middot;
<a href="/sitemap">Sitemap</a></p></footer>
<script src="/assets/js/vendor.91ab77.js" defer></script>
<script src="/assets/js/main.4f1c2a.js" defer></script>
</body></html>
"""
