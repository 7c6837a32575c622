// Modal dialogs in GUI tests are answered when they appear, never on a timer: a dialog's
// answer is queued on its own Show event, so it runs inside the dialog's event loop
// however slowly the machine got there. A timer that fires before the dialog exists
// (nothing to answer yet) or an answerer gone by the time it opens leaves exec() waiting
// for ever; every GUI test also has a guard that closes, and fails the test on, a modal
// dialog nothing answered, so a missing answer is a failure with the dialog's text, not
// a hang until the ctest timeout.
#pragma once

#include <QApplication>
#include <QDialog>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QTimer>
#include <QWidget>
#include <QtTest>

#include <functional>
#include <utility>

namespace sqleq::test {

/// True for a window shown modally (QDialog::exec, the static QMessageBox and QFileDialog
/// functions, QInputDialog::getText…).
inline bool isModalWindow(QObject* object)
{
    if (!object->isWidgetType()) return false;
    auto* widget = static_cast<QWidget*>(object);
    return widget->isWindow() && widget->isModal();
}

/// While it lives, calls `answer` with every modal window the application shows, from
/// inside that window's own event loop (queued when the window is shown).
class ModalWatcher : public QObject {
public:
    using Answer = std::function<void(QWidget*)>;

    explicit ModalWatcher(Answer answer) : m_answer(std::move(answer)) { qApp->installEventFilter(this); }
    ~ModalWatcher() override { qApp->removeEventFilter(this); }
    ModalWatcher(const ModalWatcher&) = delete;
    ModalWatcher& operator=(const ModalWatcher&) = delete;

    /// Queues `answer` for `dialog` again (after the dialog refused an answer).
    void answerAgain(QWidget* dialog) { queue(dialog); }

    /// How many modal windows were answered.
    [[nodiscard]] int answered() const { return m_answered; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Show && isModalWindow(watched)) queue(static_cast<QWidget*>(watched));
        return false;
    }

private:
    void queue(QWidget* window)
    {
        QPointer<QWidget> target(window);
        QMetaObject::invokeMethod(
            this,
            [this, target] {
                if (!target || !target->isVisible()) return;
                ++m_answered;
                m_answer(target);
            },
            Qt::QueuedConnection);
    }

    Answer m_answer;
    int m_answered = 0;
};

/// Answers the next modal window that is a `Dialog` with `answer` (once), then stops.
template <typename Dialog>
class NextDialog {
public:
    explicit NextDialog(std::function<void(Dialog*)> answer)
        : m_watcher([this, answer = std::move(answer)](QWidget* window) {
              auto* dialog = qobject_cast<Dialog*>(window);
              if (dialog == nullptr || m_done) return;
              m_done = true;
              answer(dialog);
          })
    {
    }

    /// True once a `Dialog` was shown and answered.
    [[nodiscard]] bool answered() const { return m_done; }

private:
    bool m_done = false;
    ModalWatcher m_watcher;
};

/// Answers a file dialog with `path`, typed whole into its name field: what the field
/// resolves depends neither on the dialog's file model having caught up nor on whether
/// the field has the focus yet (QFileDialog::selectFile leaves a focused field as it is,
/// and the dialog then "accepts" its directory and stays open). False when the dialog
/// has no name field (it is then rejected).
inline bool answerFileDialog(QFileDialog* dialog, const QString& path)
{
    auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
    if (name == nullptr) {
        dialog->reject();
        return false;
    }
    name->setText(QFileInfo(path).absoluteFilePath());
    static_cast<QDialog*>(dialog)->accept();  // QFileDialog::accept is protected
    return true;
}

/// The safety net of every GUI test (installed by SQLEQ_GUI_TEST_MAIN): a modal window
/// still open `kUnansweredModalMs` after it appeared was answered by nothing the test
/// arranged (a test's own answer is queued as it appears); it is rejected and the test
/// fails, naming it, instead of waiting in exec() until the ctest timeout.
class UnansweredModalGuard : public QObject {
public:
    static constexpr int kUnansweredModalMs = 60'000;

    UnansweredModalGuard() { qApp->installEventFilter(this); }
    ~UnansweredModalGuard() override { qApp->removeEventFilter(this); }
    UnansweredModalGuard(const UnansweredModalGuard&) = delete;
    UnansweredModalGuard& operator=(const UnansweredModalGuard&) = delete;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::Show || !isModalWindow(watched)) return false;
        auto* window = static_cast<QWidget*>(watched);
        QTimer::singleShot(kUnansweredModalMs, window, [window] {
            if (!window->isVisible() || !window->isModal()) return;
            QString what = QString::fromLatin1(window->metaObject()->className()) + QStringLiteral(" \"")
                           + window->windowTitle() + QLatin1Char('"');
            if (auto* box = qobject_cast<QMessageBox*>(window)) what += QStringLiteral(": ") + box->text();
            const QByteArray message = QStringLiteral("a modal dialog nothing answered: %1").arg(what).toUtf8();
            if (auto* dialog = qobject_cast<QDialog*>(window))
                dialog->reject();
            else
                window->close();
            QTest::qFail(message.constData(), __FILE__, __LINE__);
        });
        return false;
    }
};

} // namespace sqleq::test
