"""One key per page, (source, scope, id): two wikis that each have a page 5 are two pages, each page's excerpt
under its own title and link, in the comment and in the context document (against the sandbox)."""

from __future__ import annotations

import json

from doc_context.sandbox.ado_state import Project
from doc_context.sandbox.seed_wiki import WIKI_NAME

ALERTS = "The alerts wiki's page five: page the on-call engineer when the ledger export is late."
PAYROLL = "The payroll wiki's page five: salaries are paid on the last working day of the month."


def test_two_wikis_each_with_a_page_5_keep_each_excerpt_under_its_own_title_and_link(sandbox, cli) -> None:
    info = sandbox.info
    project = Project(info.project_id, info.project_name)
    urls = {}
    for name, title, text in (("Alerts.wiki", "Late export", ALERTS), ("Payroll.wiki", "Pay day", PAYROLL)):
        wiki = sandbox.ado.wikis.add_wiki(project, name)
        sandbox.ado.wikis.add_page(wiki, f"/{title}", text, page_id=5)
        urls[name] = f"{info.org_url}/Fabrikam%20Fiber/_wiki/wikis/{name}/5/{title.replace(' ', '-')}"
    assert WIKI_NAME not in urls
    sandbox.ado.pull_request(info.pr_id).description += "\n\n" + "\n".join(f"- {u}" for u in urls.values())
    env = {**sandbox.env(), "DOC_CONTEXT_COMMENT_BUDGET": "12000"}  # room for both pages' text

    ran = cli(env, "context", "--format", "json")

    assert ran.code == 0, ran.output
    pages = {p["url"]: p for p in json.loads(ran.stdout)["pages"] if p["source"] == "wiki" and p["id"] == 5}
    assert set(pages) == set(urls.values())
    late, pay = pages[urls["Alerts.wiki"]], pages[urls["Payroll.wiki"]]
    assert (late["title"], pay["title"]) == ("Late export", "Pay day")
    assert "on-call engineer" in late["excerpt"] and "salaries" not in late["excerpt"]
    assert "salaries" in pay["excerpt"] and "on-call engineer" not in pay["excerpt"]
    assert late["scope"] != pay["scope"]

    posted = cli(env, "run")

    assert posted.code == 0, posted.output
    [thread] = sandbox.ado.threads(info.pr_id)
    body = str(thread["comments"][0]["content"])
    late_part = body.split(f"#### [Late export]({urls['Alerts.wiki']})", 1)[1].split("####", 1)[0]
    pay_part = body.split(f"#### [Pay day]({urls['Payroll.wiki']})", 1)[1].split("####", 1)[0]
    assert "on-call engineer" in late_part and "salaries" not in late_part
    assert "salaries" in pay_part and "on-call engineer" not in pay_part
