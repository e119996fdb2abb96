"""The plain console front-end (`practice --plain`): the interview on stdin/stdout, with voice
on the console. It sits beside tui/ and voice/: it drives the engine's Session, never a
command handler."""
