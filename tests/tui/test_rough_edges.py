"""The rough edges a new user hits, driven by Pilot at 80x24: scrolling the scorecard and a
replay from the keyboard, resuming with the whole conversation and the right clocks, the
resume bar, archiving and deleting sessions, voice that is off and says why, Enter on the pick
screen, the help screen, the kept round filter, a burst of typing before Ctrl+S, and one
Ctrl+E that ends."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest
from textual import events

from interviewer.engine.session import Session
from interviewer.tui import AppConfig, make_app
from interviewer.tui.screens.confirm import ConfirmScreen
from interviewer.tui.screens.help import HelpScreen
from interviewer.tui.screens.interview import InterviewScreen
from interviewer.tui.screens.pick import PickScreen
from interviewer.tui.screens.scorecard import ScorecardScreen
from interviewer.tui.screens.sessions import ReplayScreen, SessionsScreen
from interviewer.tui.widgets.timer import QuestionTimer
from rubrics import default_bank
from transcripts import ARCHIVE_DIR, load, sessions_dir

from .test_app import texts, type_answer, wait_for

SMALL = (80, 24)


def finished_session(out, questions=("why-fde",), answers=("I want to build on customer "
                                                         "systems. 45% of postings list pay.",)):
    s = Session.new(round_type="technical", questions=list(questions), seed=1, out=out)
    s.start()
    for a in answers:
        s.answer(a)
    s.answer("/end")
    if s.awaiting() == "closing":
        s.answer("None.")
    s.close()
    return s


def unfinished_session(out, answers=("It sounds interesting.",), started_ago_s=0):
    s = Session.new(round_type="technical", questions=["why-fde"], seed=1, out=out)
    s.start()
    for a in answers:
        s.answer(a)
    s.close()
    if started_ago_s:   # as if the session had started that long ago
        lines = s.path.read_text().splitlines()
        header = json.loads(lines[0])
        header["started"] = (datetime.now(timezone.utc)
                             - timedelta(seconds=started_ago_s)).isoformat()
        s.path.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
    return s


async def ready(pilot):
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, InterviewScreen)
                   and app.screen.session is not None and not app.screen.busy)


def messages(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


def in_view(scroll, widget) -> bool:
    top = widget.virtual_region.y
    return scroll.scroll_y <= top < scroll.scroll_y + scroll.scrollable_content_region.height


# -- scrolling -----------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_scorecard_scrolls_from_the_keyboard_and_a_brings_the_answers_into_view(tmp_path):
    s = finished_session(tmp_path)
    app = make_app(AppConfig(out=str(tmp_path)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.push_screen(ScorecardScreen(load(s.path).latest_score().scorecard, s.id, tmp_path))
        await pilot.pause()
        scroll = app.screen.query_one("#scorecard-scroll")
        assert scroll.max_scroll_y > 0   # the scorecard is longer than 24 lines
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y
        await pilot.press("home")
        await pilot.pause()
        assert scroll.scroll_y == 0
        await pilot.press("down")
        await pilot.pause()
        assert scroll.scroll_y == 1
        await pilot.press("home", "a")
        await wait_for(pilot, lambda: in_view(scroll, app.screen.query_one("#answers"))
                       and scroll.scroll_y > 0)
        assert "Model answers" in app.screen._markdown()
        await pilot.press("a")   # hidden again
        await pilot.pause()
        assert not app.screen.query_one("#answers").display


@pytest.mark.asyncio
async def test_replay_keeps_the_current_turn_in_view_and_scrolls_from_the_keyboard(tmp_path):
    s = finished_session(tmp_path, answers=(
        "I want to build on customer systems. 45% of postings list pay.",
        "It is a hands-on job with customers. " * 8,
        "I shipped a retrieval system for a bank and measured it. " * 6))
    app = make_app(AppConfig(out=str(tmp_path)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.push_screen(ReplayScreen(str(s.path), str(tmp_path)))
        await pilot.pause()
        scroll = app.screen.query_one("#replay")
        for _ in range(len(app.screen.steps)):
            await pilot.press("right")
        await pilot.pause()
        assert scroll.max_scroll_y > 0 and scroll.scroll_y == scroll.max_scroll_y
        await pilot.press("pageup")
        await pilot.pause()
        assert scroll.scroll_y < scroll.max_scroll_y
        await pilot.press("home")
        await pilot.pause()
        assert scroll.scroll_y == 0
        await pilot.press("left")    # back one turn: the (new) last turn is in view again
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y
        await pilot.press("up")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y - 1


# -- resume ----------------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_resume_shows_the_whole_conversation_and_the_round_clock(tmp_path):
    s = unfinished_session(tmp_path, answers=("It sounds interesting.",
                                              "I like customers and 45% of postings list pay."),
                           started_ago_s=10 * 60 + 5)
    said = [e.text for e in load(s.path).of_type("interviewer")]
    app = make_app(AppConfig(out=str(tmp_path), resume=s.id))
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        shown = texts(app)
        for text in said:   # every interviewer turn, not only the last
            assert text in shown
        assert "It sounds interesting." in shown
        assert "I like customers and 45% of postings list pay." in shown
        assert app.screen.query_one("#numbers").checks == 1
        clocks = app.screen.query_one(QuestionTimer).text
        # the round's budget: the sum of its questions' budgets, as the greeting says
        minutes = sum(default_bank().get(q).budget_minutes for q in s.header.questions)
        assert "10:0" in clocks.splitlines()[1] and f"/ {minutes:02d}:00  round" in clocks
        assert "/ 00:00" not in clocks


@pytest.mark.asyncio
async def test_the_resume_bar_can_be_dismissed(tmp_path):
    unfinished_session(tmp_path)
    app = make_app(AppConfig(out=str(tmp_path)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert app.screen.query("#resume-bar")
        await pilot.press("escape")
        await pilot.pause()
        assert not app.screen.query("#resume-bar")
        assert isinstance(app.screen, PickScreen)
        app.switch_screen(app._pick())   # back on the pick screen later in this run
        await pilot.pause()
        assert not app.screen.query("#resume-bar")
    again = make_app(AppConfig(out=str(tmp_path)))
    async with again.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.click("#dismiss-resume")
        await pilot.pause()
        assert not again.screen.query("#resume-bar")


@pytest.mark.asyncio
async def test_sessions_can_be_archived_and_deleted_with_a_confirmation(tmp_path):
    keep = finished_session(tmp_path)
    old = unfinished_session(tmp_path)
    app = make_app(AppConfig(out=str(tmp_path)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert app.screen.query("#resume-bar")
        await pilot.press("s")
        table = app.screen.query_one("#session-table")
        assert table.row_count == 2
        row = next(i for i in range(2) if old.id in map(str, table.get_row_at(i)))
        table.move_cursor(row=row)
        await pilot.press("a")
        await pilot.pause()
        assert table.row_count == 1
        assert (sessions_dir(str(tmp_path)) / ARCHIVE_DIR / old.path.name).exists()
        assert not old.path.exists()
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")   # the focus is on Cancel: Enter alone never deletes
        await pilot.pause()
        assert isinstance(app.screen, SessionsScreen) and keep.path.exists()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not keep.path.exists() and table.row_count == 0
        await pilot.press("escape")   # the archived session is no longer offered
        await pilot.pause()
        assert isinstance(app.screen, PickScreen) and not app.screen.query("#resume-bar")


# -- voice ------------------------------------------------------------------------------------
NOTE = ("voice is off: no microphone found; plug one in or answer by typing. "
        "Answering by typing.")


@pytest.mark.asyncio
async def test_voice_that_could_not_start_says_why_in_the_app(tmp_path):
    app = make_app(AppConfig(out=str(tmp_path), questions=["why-fde"], start_now=True,
                             voice_note=NOTE))
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        assert NOTE in messages(app)   # on mount, not only on stderr before the app
        keys = {b.binding.key for b in app.screen.active_bindings.values() if b.binding.show}
        assert "ctrl+t" not in keys and "ctrl+x" not in keys   # not in the footer
        app.clear_notifications()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert messages(app) == ["Voice is off: no microphone found; plug one in or answer "
                                 "by typing. Answering by typing."]


class FakeVoice:
    speaker = None

    def warm(self):
        pass


@pytest.mark.asyncio
async def test_the_voice_keys_are_in_the_footer_only_with_voice_on(tmp_path):
    app = make_app(AppConfig(out=str(tmp_path), questions=["why-fde"], start_now=True,
                             voice=FakeVoice()))
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        shown = {b.binding.key: b.binding.action for b in app.screen.active_bindings.values()
                 if b.binding.show}
        assert shown["ctrl+t"] == "talk" and "ctrl+x" not in shown   # no speaker: no ^X
    app = make_app(AppConfig(out=str(tmp_path), questions=["why-fde"], start_now=True))
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert messages(app) == ["Voice is off (start with --voice)."]


# -- the pick screen ------------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_enter_starts_only_from_the_question_list_or_the_start_button(tmp_path):
    app = make_app(AppConfig(out=str(tmp_path)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.screen.set_focus(None)            # e.g. after a click on the legend
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        app.screen.query_one("#chapter").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        app.screen.query_one("#round").focus()
        await pilot.press("enter", "escape")  # opens and closes the menu; nothing starts
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        app.screen.query_one("#cards").focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, InterviewScreen))
    app = make_app(AppConfig(out=str(tmp_path)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.screen.query_one("#start").focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, InterviewScreen))


@pytest.mark.asyncio
async def test_everything_on_the_pick_screen_fits_at_80x24(tmp_path):
    unfinished_session(tmp_path)   # with the resume bar
    app = make_app(AppConfig(out=str(tmp_path)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        for wid in ("#resume", "#dismiss-resume", "#round", "#theme", "#chapter", "#voice",
                    "#cards", "#start", "#start-round", "#surprise", "#sessions"):
            r = app.screen.query_one(wid).region
            assert r.width and r.right <= 80 and r.bottom <= 23, (wid, r)   # above the footer


@pytest.mark.asyncio
async def test_help_lists_every_key_of_the_screen(tmp_path):
    app = make_app(AppConfig(out=str(tmp_path)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.text
        for what in ("Surprise me", "Sessions", "Quit", "Keys"):
            assert what in text
        assert "Hide resume bar" not in text   # no bar: the key does nothing, so not listed
        await pilot.press("escape")
        await pilot.press("s")
        await pilot.press("f1")
        await pilot.pause()
        for what in ("Replay", "Re-score", "Archive", "Delete", "Back"):
            assert what in app.screen.text
    app = make_app(AppConfig(out=str(tmp_path), questions=["why-fde"], start_now=True))
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        await pilot.press("f1")   # `?` is typed into the editor here; F1 opens the help
        await pilot.pause()
        text = app.screen.text
        assert "^s  Submit" in text and "^e  End" in text and "Why voice is off" in text
        assert "Record/stop" not in text and "Continue offline" not in text


@pytest.mark.asyncio
async def test_the_round_filter_is_kept_after_an_interview(tmp_path):
    app = make_app(AppConfig(out=str(tmp_path)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.screen.query_one("#round").value = "screen"
        await pilot.pause()
        app.screen.query_one("#cards").focus()
        await pilot.press("enter")
        await ready(pilot)
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: isinstance(app.screen, ScorecardScreen))
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        assert app.screen.query_one("#round").value == "screen"


# -- answering ------------------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_ctrl_s_right_after_a_burst_of_typing_submits_all_of_it(tmp_path):
    app = make_app(AppConfig(out=str(tmp_path), questions=["why-fde"], start_now=True))
    burst = ("I want to work with customers on their real systems and ship what matters "
             "to them, measured in production. ") * 4
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        # as a terminal delivers a dictation tool's or an auto-typer's keys: all at once,
        # not as a bracketed paste, with Ctrl+S right behind them
        for ch in burst + "\x13":
            key = ("ctrl+s" if ch == "\x13" else "space" if ch == " " else
                   "full_stop" if ch == "." else "comma" if ch == "," else ch)
            event = events.Key(key, None if ch == "\x13" else ch)
            event.set_sender(app)
            app._driver.send_message(event)
        await wait_for(pilot, lambda: burst.strip() in texts(app) and not app.screen.busy)
        assert app.screen.query_one("#editor").text == ""
        path = app.screen.session.path
    assert [a.text for a in load(path).of_type("candidate")] == [burst.strip()]


@pytest.mark.asyncio
async def test_one_ctrl_e_ends_the_interview(tmp_path):
    app = make_app(AppConfig(out=str(tmp_path), questions=["why-fde"], start_now=True))
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        await type_answer(pilot, "It sounds interesting.")
        await wait_for(pilot, lambda: "It sounds interesting." in texts(app)
                       and not app.screen.busy)
        await pilot.press("ctrl+e")   # mid-question
        await wait_for(pilot, lambda: isinstance(app.screen, ScorecardScreen))
    app = make_app(AppConfig(out=str(tmp_path), questions=["why-fde"], start_now=True))
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        await type_answer(pilot, "/end")   # typed: the same
        await wait_for(pilot, lambda: isinstance(app.screen, ScorecardScreen))


@pytest.mark.asyncio
async def test_at_the_natural_end_the_closing_question_is_offered_and_skippable(tmp_path):
    app = make_app(AppConfig(out=str(tmp_path), questions=["why-fde"], start_now=True))
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        await pilot.press("ctrl+n")   # skip the only question: the interviewer wraps up
        await wait_for(pilot, lambda: any("for me" in t or "ask me" in t for t in texts(app))
                       and not app.screen.busy, 60)
        assert isinstance(app.screen, InterviewScreen)
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: isinstance(app.screen, ScorecardScreen), 60)
