"""Third-party client tests: the published ParsePy and pixabay-python libraries against a live `vitrine serve`.

scripts/client-tests.sh starts the server on a throwaway data folder with the photos below and passes its URL,
an API key and the Parse application id in the environment."""
import os

import pytest

# What scripts/client-tests.sh imports: name -> (width, height).
PHOTOS = {
    "Colorful Cups.jpg": (2560, 1600),
    "By the Water.jpg": (2560, 1600),
    "Kite.jpg": (2560, 1600),
    "Small Kite.jpg": (800, 500),
    "Tall Path.jpg": (1600, 2560),
}


def _environment(name):
    value = os.environ.get(name)
    if not value:
        pytest.exit(f"{name} is not set: run these tests with scripts/client-tests.sh", returncode=2)
    return value


@pytest.fixture(scope="session")
def base_url():
    return _environment("VITRINE_URL")


@pytest.fixture(scope="session")
def api_key():
    return _environment("VITRINE_KEY")


@pytest.fixture(scope="session")
def parse_app_id():
    return _environment("PARSE_APP_ID")
