"""Writing unified diffs as git does, for the pure tests: one hunk a file, each line given as it appears in
the diff (" context", "+added", "-deleted")."""

from __future__ import annotations


def patch(path: str, *lines: str, start: int = 1, status: str = "modified", old_path: str = "") -> str:
    """One file's `git diff` text: its header and one hunk starting at line `start` of both sides."""
    old_count = sum(1 for line in lines if line[:1] in (" ", "-"))
    new_count = sum(1 for line in lines if line[:1] in (" ", "+"))
    old, new = old_path or path, path
    header = [f"diff --git a/{old} b/{new}"]
    if status == "added":
        header += ["new file mode 100644", "index 0000000..1111111", "--- /dev/null", f"+++ b/{new}"]
    elif status == "deleted":
        header += ["deleted file mode 100644", "index 1111111..0000000", f"--- a/{old}", "+++ /dev/null"]
    else:
        if old_path:
            header += ["similarity index 90%", f"rename from {old}", f"rename to {new}"]
        header += ["index 1111111..2222222 100644", f"--- a/{old}", f"+++ b/{new}"]
    old_start = 0 if status == "added" else start
    new_start = 0 if status == "deleted" else start
    hunk = f"@@ -{old_start},{old_count} +{new_start},{new_count} @@"
    return "\n".join([*header, hunk, *lines]) + "\n"


def added(path: str, *lines: str) -> str:
    """A new file of these lines."""
    return patch(path, *(f"+{line}" for line in lines), status="added")


def deleted(path: str, *lines: str) -> str:
    """A file of these lines, deleted."""
    return patch(path, *(f"-{line}" for line in lines), status="deleted")


def changed(path: str, *added: str, deleted: tuple[str, ...] = ()) -> str:
    """A modified file's one hunk: these lines deleted, then these added."""
    return patch(path, *(f"-{line}" for line in deleted), *(f"+{line}" for line in added))


def in_definition(path: str, funcname: str, *added: str) -> str:
    """A file's one hunk inside a definition, as git writes it: the definition's line (git's funcname) after the
    hunk's numbers, then these lines added."""
    head = f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -10,0 +11,{len(added)} @@ {funcname}\n"
    return head + "".join(f"+{line}\n" for line in added)
