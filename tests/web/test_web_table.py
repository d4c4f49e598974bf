"""The web table (examples/web_table/) in a real headless Chromium, through Selenium: whole matches, as a person plays.

A uvicorn server runs the example in a thread, on a free port. For each
game the page starts a match with small limits (4 players, 3 deals, 8
turns a deal), then a seeded random person clicks the move buttons until
the match is over, reloading the page once (it comes back to the match).
The page's own JavaScript sends a forged move (another seat's) and one that
is no action at all, and at the end a stale one (the last move again): each
is refused, and the page shows the server's message. Skipped without the
``web`` extra, Selenium or a Chromium, except under ``nox -s web``.
"""

from __future__ import annotations

import json
import random
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from commerce_rules import PRESETS
from web_support import chromium, example, web_import

uvicorn = web_import("uvicorn")
webdriver = web_import("selenium.webdriver")
by = web_import("selenium.webdriver.common.by")
support = web_import("selenium.webdriver.support.expected_conditions")
wait = web_import("selenium.webdriver.support.wait")
select = web_import("selenium.webdriver.support.select")
app_module = example()

TIMEOUT = 15.0
"""Seconds to wait for the page to show a reply: the machine may be busy with other tests."""


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The example's server in a thread, on a free port; its address."""
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    address = "http://127.0.0.1:%d/" % listening.getsockname()[1]
    config = uvicorn.Config(app_module.create_app(seed=2026), log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + TIMEOUT
    while not running.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield address
    running.should_exit = True
    thread.join(TIMEOUT)
    listening.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium, driven by the system's ChromeDriver (never one Selenium would fetch)."""
    binary, driver_path = chromium()
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver_path))
    yield driver
    driver.quit()


def until(driver: Any, condition: Any) -> Any:
    return wait.WebDriverWait(driver, TIMEOUT).until(condition)


def error_shown(driver: Any) -> str:
    """The refusal the page shows, once it shows one."""
    element = driver.find_element(by.By.ID, "error")
    until(driver, lambda _: element.is_displayed() and element.text)
    text: str = element.text
    return text


def send_from_page(driver: Any, action: object) -> str:
    """Have the page's own ``sendMove`` send ``action``; the refusal it then shows."""
    driver.execute_script("document.getElementById('error').hidden = true; sendMove(arguments[0]);", action)
    return error_shown(driver)


def start_match(driver: Any, address: str, game: str) -> None:
    driver.get(address)
    until(driver, lambda d: d.find_elements(by.By.CSS_SELECTOR, "select[name=preset] option"))
    select.Select(driver.find_element(by.By.NAME, "preset")).select_by_value(game)
    for name, value in (("players", "4"), ("deal_limit", "3"), ("turn_limit", "8")):
        field = driver.find_element(by.By.NAME, name)
        field.clear()
        field.send_keys(value)
    driver.find_element(by.By.CSS_SELECTOR, "#start button").click()
    until(driver, lambda d: d.find_element(by.By.ID, "table").text)


@pytest.mark.parametrize("game", sorted(PRESETS))
def test_a_whole_match_in_the_browser(server: str, browser: Any, game: str) -> None:
    start_match(browser, server, game)
    assert send_from_page(browser, {"type": "knock", "player": 1}) == "you play seat 0, not seat 1"
    assert send_from_page(browser, {"type": "fly", "player": 0}).startswith("action.type: ")
    rng = random.Random(game)
    moves = 0
    last: object = None
    while True:
        buttons = browser.find_elements(by.By.CSS_SELECTOR, "#moves button")
        if not buttons:
            break
        button = rng.choice(buttons)
        last = json.loads(button.get_attribute("data-action"))
        button.click()
        until(browser, support.staleness_of(button))  # the page drew the reply
        moves += 1
        assert not browser.find_element(by.By.ID, "error").is_displayed()
        if moves == 2:  # a reload comes back to the match as it stands
            shown = browser.find_element(by.By.ID, "table").text
            browser.refresh()
            until(browser, lambda d: d.find_element(by.By.ID, "table").text == shown)
    assert "Match over" in browser.find_element(by.By.ID, "table").text
    assert browser.find_elements(by.By.CSS_SELECTOR, "#log li")  # what happened, as seat 0 saw it
    if last is not None:  # the last move again: stale now
        assert send_from_page(browser, last)
        assert "Match over" in browser.find_element(by.By.ID, "table").text
    print(f"{game}: {moves} moves")  # shown with pytest -s
