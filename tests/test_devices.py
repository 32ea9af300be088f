"""API tokens are per device: they expire, and they are revoked by signing
out (this device or all), by the devices page, and by a password change."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordChangeForm
from django.test import Client
from rest_framework.test import APIClient

from series.models import DeviceToken

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-passphrase"


@pytest.fixture
def ada(db):
    return get_user_model().objects.create_user("ada", password=PASSWORD)


def sign_in(device: str) -> str:
    body = {"username": "ada", "password": PASSWORD, "device": device}
    response = APIClient().post("/api/v1/auth/token", body, format="json")
    assert response.status_code == 200, response.content
    return response.json()["token"]


def api(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def works(token: str) -> bool:
    status = api(token).post("/api/v1/clubs", {"name": "Ada's table"}, format="json").status_code
    assert status in (201, 401)
    return status == 201


def test_signing_out_this_device_revokes_its_token_only(ada):
    phone, tablet = sign_in("phone"), sign_in("tablet")
    assert api(phone).post("/api/v1/auth/sign-out").status_code == 204
    assert not works(phone)
    assert works(tablet)


def test_signing_out_all_devices_revokes_every_token(ada):
    phone, tablet = sign_in("phone"), sign_in("tablet")
    assert api(phone).post("/api/v1/auth/sign-out-all").status_code == 204
    assert not works(phone) and not works(tablet)


def test_a_password_change_revokes_every_token_whichever_code_changes_it(ada):
    phone = sign_in("phone")
    form = PasswordChangeForm(
        ada,
        {
            "old_password": PASSWORD,
            "new_password1": "x7-new-pass-phrase",
            "new_password2": "x7-new-pass-phrase",
        },
    )
    assert form.is_valid(), form.errors
    form.save()
    assert not works(phone)


def test_setting_a_password_on_the_model_revokes_tokens(ada):
    phone = sign_in("phone")
    ada.set_password("another-long-passphrase")
    ada.save()
    assert not works(phone)


def test_signing_in_again_does_not_revoke_the_other_devices(ada):
    phone = sign_in("phone")
    sign_in("tablet")  # stamps last_login on the user
    assert works(phone)


def test_an_expired_token_is_refused(ada):
    _row, token = DeviceToken.objects.create(user=ada, expiry=timedelta(seconds=-1))
    assert not works(token)


def test_the_devices_page_lists_devices_and_signs_one_out(ada):
    phone, tablet = sign_in("Ada's phone"), sign_in("Ada's tablet")
    browser = Client()
    browser.force_login(ada)
    page = browser.get("/account/devices/").content.decode()
    assert "Ada&#x27;s phone" in page and "Ada&#x27;s tablet" in page
    digest = DeviceToken.objects.get(device="Ada's phone").digest
    browser.post("/account/devices/", {"revoke": digest})
    assert not works(phone) and works(tablet)
    assert "Ada&#x27;s phone" not in browser.get("/account/devices/").content.decode()


def test_the_devices_page_signs_out_every_device_and_this_browser(ada):
    phone = sign_in("phone")
    browser = Client()
    browser.force_login(ada)
    response = browser.post("/account/devices/", {"revoke_all": "1"})
    assert response.status_code == 302
    assert not works(phone)
    assert browser.get("/account/devices/").status_code == 302  # to the sign-in page


def test_nobody_signs_out_another_users_device(ada):
    phone = sign_in("phone")
    mallory = get_user_model().objects.create_user("mallory")
    browser = Client()
    browser.force_login(mallory)
    digest = DeviceToken.objects.get(user=ada).digest
    browser.post("/account/devices/", {"revoke": digest})
    assert works(phone)


def test_a_user_signs_in_on_a_limited_number_of_devices(ada, settings):
    settings.REST_KNOX = {**settings.REST_KNOX, "TOKEN_LIMIT_PER_USER": 2}
    sign_in("phone")
    sign_in("tablet")
    body = {"username": "ada", "password": PASSWORD, "device": "laptop"}
    refused = APIClient().post("/api/v1/auth/token", body, format="json")
    assert refused.status_code == 422
    assert refused.json()["code"] == "too_many_devices"


def test_a_device_name_that_would_show_reordered_on_the_devices_page_is_refused(ada):
    body = {"username": "ada", "password": PASSWORD, "device": "Ada's \u202eenohp"}
    refused = APIClient().post("/api/v1/auth/token", body, format="json", HTTP_ACCEPT_LANGUAGE="es")
    assert refused.status_code == 422
    assert (refused.json()["code"], refused.json()["field"]) == (
        "device_invisible_character",
        "device",
    )
    assert refused.json()["message"] == (
        "El nombre de un dispositivo no puede contener el carácter invisible U+202E: "
        "escríbelo sin él."
    )
    assert not DeviceToken.objects.exists()
    sign_in(" Ada's phone ")
    assert DeviceToken.objects.get().device == "Ada's phone"
