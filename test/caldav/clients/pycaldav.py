"""python3-caldav (Debian) driven by the test suite: one command per run, JSON in argv, JSON out.

Run with /usr/bin/python3, the interpreter that sees Debian's modules.
"""
import json
import sys

import caldav
from caldav.lib import error


def client(args):
    return caldav.DAVClient(url=args["url"], username=args["username"], password=args["password"])


def calendar(args):
    c = client(args)
    return c, caldav.Calendar(client=c, url=args["calendar_url"])


def find(cal, kind, uid):
    return cal.todo_by_uid(uid) if kind == "task" else cal.event_by_uid(uid)


def main():
    cmd, args = sys.argv[1], json.loads(sys.argv[2])
    if cmd == "discover":
        principal = client(args).principal()
        out = []
        for cal in principal.calendars():
            comps = cal.get_supported_components()
            out.append({"url": str(cal.url), "name": cal.get_display_name(), "components": comps})
        return out
    c, cal = calendar(args)
    if cmd == "put":
        obj = cal.save_todo(args["ical"]) if args["kind"] == "task" else cal.save_event(args["ical"])
        return {"url": str(obj.url)}
    if cmd == "list":
        objs = cal.todos(include_completed=True) if args["kind"] == "task" else cal.events()
        return [{"url": str(o.url), "data": o.data} for o in objs]
    if cmd == "get":
        o = find(cal, args["kind"], args["uid"])
        return {"url": str(o.url), "data": o.data}
    if cmd == "update":
        o = find(cal, args["kind"], args["uid"])
        comp = o.vobject_instance.vtodo if args["kind"] == "task" else o.vobject_instance.vevent
        comp.summary.value = args["summary"]
        o.save()
        return {"url": str(o.url)}
    if cmd == "delete":
        find(cal, args["kind"], args["uid"]).delete()
        return {}
    if cmd == "date_search":
        found = cal.search(start=__import__("datetime").datetime.fromisoformat(args["start"]),
                           end=__import__("datetime").datetime.fromisoformat(args["end"]), event=True, expand=False)
        return [str(o.url) for o in found]
    if cmd == "sync":
        coll = cal.objects_by_sync_token(sync_token=args.get("token"), load_objects=True)
        changed, deleted = [], []
        for o in coll:
            (changed if o.data else deleted).append({"url": str(o.url), "data": o.data})
        return {"token": coll.sync_token, "changed": changed, "deleted": [d["url"] for d in deleted]}
    raise SystemExit("unknown command " + cmd)


if __name__ == "__main__":
    try:
        print(json.dumps(main()))
    except error.DAVError as e:
        print(json.dumps({"error": type(e).__name__, "message": str(e)[:500]}))
        sys.exit(3)
