// py2cuda runtime, CPU emulation: the pool of OS threads that run blocks.
//
// A launch runs one task on some of the pool's threads AND on the launching thread
// (which would otherwise only wait), and returns when all of them have returned. The
// task claims blocks itself (grid_run.h), so the pool knows nothing about grids. The
// threads live as long as the program, sleeping between launches.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace py2cuda::emu::detail {

class WorkerPool {
 public:
  using Task = void (*)(void* context) noexcept;

  explicit WorkerPool(unsigned helpers) {
    threads_.reserve(helpers);
    try {
      for (unsigned i = 0; i < helpers; ++i) threads_.emplace_back([this, i] { work(i); });
    } catch (...) {
      stop();
      throw;
    }
  }

  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  ~WorkerPool() { stop(); }

  unsigned helpers() const { return static_cast<unsigned>(threads_.size()); }

  // Runs task(context) on `wanted` pool threads (at most helpers()) and on the calling
  // thread at once; returns when every one of them has returned.
  void run(unsigned wanted, Task task, void* context) {
    if (wanted > helpers()) wanted = helpers();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      task_ = task;
      context_ = context;
      wanted_ = wanted;
      pending_ = wanted;
      ++generation_;
    }
    if (wanted > 0) wake_.notify_all();
    task(context);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
  }

 private:
  void work(unsigned index) {
    uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
      if (index >= wanted_) continue;  // not needed for this task
      const Task task = task_;
      void* const context = context_;
      lock.unlock();
      task(context);
      lock.lock();
      if (--pending_ == 0) done_.notify_one();
    }
  }

  void stop() noexcept {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) {
      if (t.joinable()) t.join();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;  // a new task, or stop
  std::condition_variable done_;  // pending_ reached 0
  uint64_t generation_ = 0;       // counts tasks, so that each thread runs each task once
  Task task_ = nullptr;
  void* context_ = nullptr;
  unsigned wanted_ = 0;   // pool threads 0 .. wanted_-1 run the task
  unsigned pending_ = 0;  // of those, how many have not finished
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace py2cuda::emu::detail
