"""The web pages. (The lobby, game and history pages grow here.)"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def dashboard(request: HttpRequest) -> HttpResponse:
    return render(request, "play/dashboard.html", {})
